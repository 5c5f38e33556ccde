import { vi } from 'vitest';
import { createLiveStream, type FakeLiveStream } from './liveStream';

export type { FakeLiveStream };

/** One request as the fake server saw it. */
export interface RecordedRequest {
  method: string;
  url: string;
  /** Path and query relative to the origin, e.g. '/api/admin/users?page=1'. */
  path: string;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
  body: unknown;
}

export interface FakeResponse {
  status?: number;
  body?: unknown;
}

export type FakeRoute = (request: RecordedRequest) => FakeResponse | Promise<FakeResponse>;

/** A JSON reply; use `networkError` to make fetch itself reject. */
/** The requests of one method to one path, e.g. 'PATCH', '/api/admin/legal/t2'. */
export const callsTo = (requests: RecordedRequest[], method: string, pathname: string) =>
  requests.filter((r) => r.method === method && new URL(r.url).pathname === pathname);

export const reply = (status: number, body?: unknown): FakeResponse => ({ status, body });
export const networkError = Symbol('networkError');

/** A page of a list as the API answers it: {items, total, page, limit}. */
export const listOf = <T>(items: T[], total = items.length, page = 1, limit = 20) =>
  reply(200, { items, total, page, limit });

/**
 * A route whose answer (a reply, or what another route answers) waits until `open()` is called:
 * to see what a screen shows while a call runs.
 */
export const gated = (answer: FakeResponse | FakeRoute) => {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const route: FakeRoute = async (request) => {
    await gate;
    return typeof answer === 'function' ? answer(request) : answer;
  };
  return { route, open };
};

const LIVE_EVENTS = 'GET /api/admin/events';
const isLiveEvents = (method: string, pathname: string) =>
  method === 'GET' && pathname.endsWith('/api/admin/events');

/**
 * Replaces globalThis.fetch with a fake API. `routes` maps 'METHOD /path' (path without query)
 * to a handler; unknown routes answer 404 like the real API. Every request is recorded, but for
 * the live event stream: unless `routes` names it, `GET /api/admin/events` opens `liveStream`
 * (see liveStream.ts), which the test drives, and is left out of `requests`.
 */
export const installFakeFetch = (
  routes: Record<string, FakeRoute | FakeResponse | typeof networkError>,
) => {
  const requests: RecordedRequest[] = [];
  const live = createLiveStream();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.origin);
    const method = (init.method ?? 'GET').toUpperCase();
    if (isLiveEvents(method, url.pathname) && !(LIVE_EVENTS in routes)) {
      return live.respond(init.signal);
    }
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const request: RecordedRequest = {
      method,
      url: url.toString(),
      path: `${url.pathname}${url.search}`,
      headers,
      credentials: init.credentials,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    requests.push(request);
    const route = routes[`${request.method} ${url.pathname}`];
    if (route === networkError) throw new TypeError('Failed to fetch');
    const result = route
      ? typeof route === 'function'
        ? await route(request)
        : route
      : reply(404, { error: 'Not found', code: 'not_found' });
    const status = result.status ?? 200;
    return new Response(result.body === undefined ? null : JSON.stringify(result.body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock, liveStream: live.handle };
};
