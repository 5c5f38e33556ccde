import { fetchUtils, HttpError } from 'react-admin';
import { config } from './config';
import { isIdle } from './idle';
import { getToken } from './storage';

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

export interface HttpOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /** Extra request headers, e.g. If-Match for an edit that must not overwrite a newer change. */
  headers?: Record<string, string>;
  /** The request outlives the page (sent as the tab closes). */
  keepalive?: boolean;
}

export const NETWORK_ERROR_MESSAGE =
  'Cannot reach the server. Check your connection and try again.';

/** `path` under the API base, with the query's non-empty values (arrays as repeated keys). */
export const apiUrl = (path: string, query?: Query): string => {
  const url = `${config.apiBase}/${path.replace(/^\/+/, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === undefined || item === null || item === '') continue;
      params.append(key, String(item));
    }
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
};

const sameOriginApi = () =>
  !/^https?:\/\//i.test(config.apiBase) ||
  new URL(config.apiBase).origin === window.location.origin;

/**
 * Cookies go behind a sign-on proxy, which knows its admin by its own cookie, and to the two
 * sign-in calls (password, code), whose device cookie (scoped to them by the server) lets the owner's browser past the
 * slowdown that guessers cause. No other call sends or takes a cookie.
 */
const credentialsFor = (path: string): RequestCredentials =>
  config.authMode === 'proxy' || /^\/*auth\/(login|2fa\/verify)$/.test(path)
    ? 'same-origin'
    : 'omit';

/**
 * The request as the API wants it: the stored token as Bearer (never behind a sign-on proxy: an
 * old token would only confuse it).
 */
const requestOf = (
  path: string,
  { method = 'GET', body, signal, headers, keepalive }: HttpOptions,
): RequestInit => {
  const sent = new Headers({ Accept: 'application/json', ...headers });
  // Not to an API on another origin: its CORS rules may not allow the header.
  if (isIdle() && sameOriginApi()) sent.set('X-Passive', '1');
  const token = config.authMode === 'proxy' ? null : getToken();
  if (token) sent.set('Authorization', `Bearer ${token}`);
  if (body !== undefined) sent.set('Content-Type', 'application/json');
  return {
    method,
    headers: sent,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: credentialsFor(path),
    signal,
    ...(keepalive && { keepalive }),
  };
};

const errorMessageOf = (body: unknown, status: number, statusText: string): string => {
  if (body && typeof body === 'object' && 'error' in body) {
    const { error } = body as { error: unknown };
    if (typeof error === 'string' && error) return error;
  }
  return statusText ? `Request failed: ${status} ${statusText}` : `Request failed: ${status}`;
};

/**
 * Any failure as react-admin's HttpError: the API's `{error, code, fields}` body stays its
 * `body`, its `error` the message; no answer at all is a network error (status 0).
 */
const asHttpError = (error: unknown, signal?: AbortSignal): unknown => {
  if (signal?.aborted) return error;
  if (!(error instanceof HttpError)) return new HttpError(NETWORK_ERROR_MESSAGE, 0, null);
  const body = error.body ?? null;
  return new HttpError(errorMessageOf(body, error.status, error.message), error.status, body);
};

/**
 * Calls the API (`path` relative to its base, 'auth/login') through react-admin's `fetchJson`:
 * resolves with the parsed JSON body (undefined when empty), rejects with an HttpError. A 401
 * is the auth provider's to handle (`checkError`), as every other error is.
 */
export const http = async <T = unknown>(path: string, options: HttpOptions = {}): Promise<T> => {
  try {
    const { json } = await fetchUtils.fetchJson(
      apiUrl(path, options.query),
      requestOf(path, options),
    );
    return json as T;
  } catch (error) {
    throw asHttpError(error, options.signal);
  }
};

/** Like `http`, for a file the API answers (a CSV export): resolves with its bytes. */
export const httpBlob = async (path: string, options: HttpOptions = {}): Promise<Blob> => {
  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), requestOf(path, options));
  } catch (error) {
    throw asHttpError(error, options.signal);
  }
  if (response.ok) return response.blob();
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: the status says enough
  }
  throw new HttpError(
    errorMessageOf(body, response.status, response.statusText),
    response.status,
    body,
  );
};
