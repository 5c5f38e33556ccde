import { HttpError } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { config } from './config';
import { http, NETWORK_ERROR_MESSAGE } from './http';
import { IDLE_AFTER_MS } from './idle';
import { getToken, setToken } from './storage';
import { installFakeFetch, networkError, reply } from './test/fakeFetch';

const originalConfig = { ...config };

/** The HttpError a call rejects with (fails the test if it resolves). */
const failure = (call: Promise<unknown>): Promise<HttpError> =>
  call.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error as HttpError,
  );

describe('http', () => {
  beforeEach(() => {
    window.history.pushState({}, '', '/');
  });

  afterEach(() => {
    Object.assign(config, originalConfig);
    window.history.pushState({}, '', '/');
  });

  it('prefixes the API base, sends the stored token as Bearer and never sends cookies', async () => {
    setToken('tok-123');
    const { requests } = installFakeFetch({ 'GET /api/admin/ping': reply(200, { ok: true }) });

    await expect(http('admin/ping')).resolves.toEqual({ ok: true });

    expect(requests).toHaveLength(1);
    expect(requests[0]?.path).toBe('/api/admin/ping');
    expect(requests[0]?.headers.authorization).toBe('Bearer tok-123');
    expect(requests[0]?.credentials).toBe('omit');
  });

  it('lets the sign-in routes, and only them, send and keep the device cookie', async () => {
    const { requests } = installFakeFetch({
      'POST /api/auth/login': reply(200, { mfaRequired: true, challenge: 'c' }),
      'POST /api/auth/2fa/verify': reply(401, { error: 'Invalid code', code: 'invalid_code' }),
      'GET /api/admin/ping': reply(200, { ok: true }),
      'GET /api/auth/me': reply(200, { ok: true }),
    });
    await http('auth/login', { method: 'POST', body: {} });
    await http('auth/2fa/verify', { method: 'POST', body: {} }).catch(() => undefined);
    await http('admin/ping');
    await http('auth/me');
    expect(requests.map((r) => [r.path, r.credentials])).toEqual([
      ['/api/auth/login', 'same-origin'],
      ['/api/auth/2fa/verify', 'same-origin'],
      ['/api/admin/ping', 'omit'],
      ['/api/auth/me', 'omit'],
    ]);
  });

  it("sends the sign-on proxy's cookies, on the console's own origin only, and no old token, when the proxy signs admins in", async () => {
    config.authMode = 'proxy';
    setToken('left-from-a-password-sign-in');
    try {
      const { requests } = installFakeFetch({ 'GET /api/admin/ping': reply(200, { ok: true }) });
      await http('admin/ping');
      expect(requests[0]?.credentials).toBe('same-origin');
      expect(requests[0]?.headers).not.toHaveProperty('authorization');
    } finally {
      config.authMode = 'password';
    }
  });

  it("marks what it sends after a minute without a key or a click as not the admin's doing", async () => {
    const { requests } = installFakeFetch({ 'GET /api/admin/ping': reply(200, { ok: true }) });
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    await http('admin/ping');
    expect(requests[0]?.headers).not.toHaveProperty('x-passive');

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + IDLE_AFTER_MS + 1000 });
    try {
      await http('admin/ping');
      expect(requests[1]?.headers['x-passive']).toBe('1');
      window.dispatchEvent(new PointerEvent('pointerdown'));
      await http('admin/ping');
      expect(requests[2]?.headers).not.toHaveProperty('x-passive');
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not mark them to an API on another origin, whose CORS rules may not allow it', async () => {
    config.apiBase = 'https://api.example.com/api';
    const { requests } = installFakeFetch({ 'GET /api/admin/ping': reply(200, { ok: true }) });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + IDLE_AFTER_MS + 1000 });
    try {
      await http('admin/ping');
      expect(requests[0]?.url).toBe('https://api.example.com/api/admin/ping');
      expect(requests[0]?.headers).not.toHaveProperty('x-passive');
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends no Authorization header without a stored token', async () => {
    const { requests } = installFakeFetch({ 'GET /api/auth/me': reply(200, {}) });
    await http('/auth/me');
    expect(requests[0]?.headers).not.toHaveProperty('authorization');
  });

  it('sends a JSON body and encodes the query, skipping empty values', async () => {
    const { requests } = installFakeFetch({ 'POST /api/admin/things': reply(201, { _id: 'a' }) });
    await http('admin/things', {
      method: 'POST',
      body: { name: 'x y' },
      query: { q: 'a&b', page: 2, status: undefined, empty: '', ids: ['1', '2'] },
    });
    expect(requests[0]?.path).toBe('/api/admin/things?q=a%26b&page=2&ids=1&ids=2');
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.headers['content-type']).toBe('application/json');
    expect(requests[0]?.body).toEqual({ name: 'x y' });
  });

  it('uses a configured API base', async () => {
    config.apiBase = '/admin/api';
    const { requests } = installFakeFetch({
      'GET /admin/api/admin/ping': reply(200, { ok: true }),
    });
    await http('admin/ping');
    expect(requests[0]?.path).toBe('/admin/api/admin/ping');
  });

  it('rejects non-2xx answers with an HttpError carrying the server message, status and body', async () => {
    const body = { error: 'Nickname already exists', code: 'conflict' };
    installFakeFetch({ 'POST /api/admin/bots': reply(409, body) });

    const error = await failure(http('admin/bots', { method: 'POST', body: {} }));

    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toBe('Nickname already exists');
    expect(error.status).toBe(409);
    expect(error.body).toEqual(body);
  });

  it('falls back to a generic message when the error body has no error field', async () => {
    installFakeFetch({ 'GET /api/admin/ping': reply(502) });
    const error = await failure(http('admin/ping'));
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/502/);
  });

  it('turns a network failure into a clear error', async () => {
    installFakeFetch({ 'GET /api/admin/ping': networkError });
    const error = await failure(http('admin/ping'));
    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
    expect(error.status).toBe(0);
  });

  it('rejects a 401 with its status and message, leaving the session to the auth provider', async () => {
    setToken('expired');
    installFakeFetch({
      'GET /api/admin/withdrawals': reply(401, { error: 'Not signed in', code: 'unauthorized' }),
    });
    await expect(http('admin/withdrawals')).rejects.toMatchObject({
      status: 401,
      message: 'Not signed in',
    });
    expect(getToken()).toBe('expired');
  });
});
