import { HttpError } from 'react-admin';
import { config } from './config';
import { pageNavigation } from './navigation';
import { clearSession, getToken } from './storage';

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

export interface HttpOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /** Extra request headers, e.g. If-Match for an edit that must not overwrite a newer change. */
  headers?: Record<string, string>;
}

export const NETWORK_ERROR_MESSAGE =
  'Cannot reach the server. Check your connection and try again.';

/** What happens after a 401 outside /login: by default a full-page move to the login page. */
export type UnauthorizedHandler = () => void;

const PROXY_RELOAD_KEY = 'proxy-reloaded-at';
const PROXY_RELOAD_PAUSE_MS = 60_000;

/**
 * Behind a sign-on proxy a 401 mostly means the proxy's own session ended: loading the page
 * again lets the proxy sign the admin in and bring them back here. Once a minute at most, so a
 * proxy that cannot sign anyone in ends on the sign-in page, not in a loop.
 */
const reloadForProxy = (): boolean => {
  try {
    const last = Number(window.sessionStorage.getItem(PROXY_RELOAD_KEY) ?? 0);
    if (Date.now() - last < PROXY_RELOAD_PAUSE_MS) return false;
    window.sessionStorage.setItem(PROXY_RELOAD_KEY, String(Date.now()));
  } catch {
    return false;
  }
  pageNavigation.replace(window.location.href);
  return true;
};

const defaultUnauthorizedHandler: UnauthorizedHandler = () => {
  if (config.authMode === 'proxy' && reloadForProxy()) return;
  pageNavigation.replace(`${config.basePath}/login`);
};

let unauthorizedHandler: UnauthorizedHandler = defaultUnauthorizedHandler;

/** Replaces the 401 handler; pass null to restore the default. */
export const setUnauthorizedHandler = (handler: UnauthorizedHandler | null): void => {
  unauthorizedHandler = handler ?? defaultUnauthorizedHandler;
};

/** True when the current page is the login page (relative to the base path). */
export const isOnLoginPage = (): boolean => {
  const { basePath } = config;
  let path = window.location.pathname;
  if (basePath && (path === basePath || path.startsWith(`${basePath}/`))) {
    path = path.slice(basePath.length);
  }
  path = path.replace(/\/+$/, '');
  return path === '/login';
};

const buildUrl = (path: string, query?: Query): string => {
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

const parseBody = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

const errorMessageOf = (body: unknown, status: number, statusText: string): string => {
  if (body && typeof body === 'object' && 'error' in body) {
    const { error } = body as { error: unknown };
    if (typeof error === 'string' && error) return error;
  }
  return statusText ? `Request failed: ${status} ${statusText}` : `Request failed: ${status}`;
};

/**
 * Calls the API: `path` is relative to the API base ('auth/login'). Sends the stored token as a
 * Bearer header; sends cookies only behind a sign-on proxy, which knows its user by one.
 * Resolves with the parsed JSON body; any non-2xx answer rejects with react-admin's
 * HttpError(body.error, status, body). A 401 also ends the session.
 */
export const http = async <T = unknown>(path: string, options: HttpOptions = {}): Promise<T> => {
  const response = await send(path, options);
  return (await parseBody(response)) as T;
};

/** Like `http`, for a file the API answers (a CSV export): resolves with its bytes. */
export const httpBlob = async (path: string, options: HttpOptions = {}): Promise<Blob> => {
  const response = await send(path, options);
  return response.blob();
};

/** Sends the request; any non-2xx answer rejects (and a 401 ends the session). */
const send = async (path: string, options: HttpOptions): Promise<Response> => {
  const { method = 'GET', body, query, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  // Behind a sign-on proxy a token left from an earlier sign-in would only confuse the proxy.
  const token = config.authMode === 'proxy' ? null : getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      // A sign-on proxy knows the admin by its own cookie; our own sign-in needs none.
      credentials: config.authMode === 'proxy' ? 'same-origin' : 'omit',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new HttpError(NETWORK_ERROR_MESSAGE, 0, null);
  }

  if (response.ok) return response;
  const payload = await parseBody(response);

  if (response.status === 401) {
    clearSession();
    if (!isOnLoginPage()) unauthorizedHandler();
  }
  throw new HttpError(
    errorMessageOf(payload, response.status, response.statusText),
    response.status,
    payload ?? null,
  );
};
