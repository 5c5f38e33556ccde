import { HttpError } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { config } from './config';
import { http, NETWORK_ERROR_MESSAGE, setUnauthorizedHandler } from './http';
import { pageNavigation } from './navigation';
import { getStoredUser, getToken, setStoredUser, setToken } from './storage';
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
  let onUnauthorized: Mock<() => void>;

  beforeEach(() => {
    window.history.pushState({}, '', '/');
    onUnauthorized = vi.fn<() => void>();
    setUnauthorizedHandler(onUnauthorized);
  });

  afterEach(() => {
    setUnauthorizedHandler(null);
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

  describe('on a 401', () => {
    const unauthorized = reply(401, { error: 'Not signed in', code: 'unauthorized' });

    it('clears the stored token and user and calls the unauthorized handler', async () => {
      setToken('expired');
      setStoredUser({ username: 'admin' });
      window.history.pushState({}, '', '/withdrawals');
      installFakeFetch({ 'GET /api/admin/withdrawals': unauthorized });

      await expect(http('admin/withdrawals')).rejects.toMatchObject({ status: 401 });

      expect(getToken()).toBeNull();
      expect(getStoredUser()).toBeNull();
      expect(onUnauthorized).toHaveBeenCalledTimes(1);
    });

    it('clears the session but does not redirect when already on /login', async () => {
      setToken('expired');
      setStoredUser({ username: 'admin' });
      window.history.pushState({}, '', '/login');
      installFakeFetch({ 'POST /api/auth/login': unauthorized });

      await expect(http('auth/login', { method: 'POST', body: {} })).rejects.toMatchObject({
        status: 401,
        message: 'Not signed in',
      });

      expect(getToken()).toBeNull();
      expect(getStoredUser()).toBeNull();
      expect(onUnauthorized).not.toHaveBeenCalled();
    });

    it('knows /login under a sub-path', async () => {
      config.basePath = '/console';
      config.apiBase = '/console/api';
      window.history.pushState({}, '', '/console/login');
      installFakeFetch({ 'GET /console/api/auth/me': unauthorized });

      await expect(http('auth/me')).rejects.toMatchObject({ status: 401 });
      expect(onUnauthorized).not.toHaveBeenCalled();
    });

    it('by default replaces the page with the login page under the base path', async () => {
      setUnauthorizedHandler(null);
      const replace = vi.spyOn(pageNavigation, 'replace').mockImplementation(() => {});
      config.basePath = '/console';
      config.apiBase = '/console/api';
      window.history.pushState({}, '', '/console/users');
      installFakeFetch({ 'GET /console/api/admin/users': unauthorized });

      await expect(http('admin/users')).rejects.toMatchObject({ status: 401 });
      expect(replace).toHaveBeenCalledWith('/console/login');
    });

    it('behind a sign-on proxy, loads the page again for the proxy to sign in, once a minute at most', async () => {
      setUnauthorizedHandler(null);
      const replace = vi.spyOn(pageNavigation, 'replace').mockImplementation(() => {});
      config.authMode = 'proxy';
      window.sessionStorage.clear();
      window.history.pushState({}, '', '/withdrawals?status=pending');
      installFakeFetch({ 'GET /api/admin/withdrawals': unauthorized });
      try {
        await expect(http('admin/withdrawals')).rejects.toMatchObject({ status: 401 });
        expect(replace).toHaveBeenLastCalledWith(window.location.href);
        await expect(http('admin/withdrawals')).rejects.toMatchObject({ status: 401 });
        expect(replace).toHaveBeenLastCalledWith('/login');
      } finally {
        config.authMode = 'password';
      }
    });

    it('does not clear the session on a 403', async () => {
      setToken('valid');
      installFakeFetch({
        'GET /api/admin/ping': reply(403, { error: 'Admins only', code: 'forbidden' }),
      });

      await expect(http('admin/ping')).rejects.toMatchObject({
        status: 403,
        message: 'Admins only',
      });
      expect(getToken()).toBe('valid');
      expect(onUnauthorized).not.toHaveBeenCalled();
    });
  });
});
