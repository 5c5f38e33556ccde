import { HttpError } from 'react-admin';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../contract/users';
import { type ConsoleAuthProvider, NOT_AN_ADMIN, SESSION_ENDED } from './authProvider';
import { config } from './config';
import { pageNavigation } from './navigation';
import { getStoredUser, getToken, setStoredUser, setToken, takeLoginNotice } from './storage';
import { consoleAuthProvider } from './test/authProvider';
import { installFakeFetch, networkError, reply } from './test/fakeFetch';
import { isTwoStepSetupRequired, setTwoStepSetupRequired } from './twoStepGate';

const user = (overrides: Partial<User> = {}): User => ({
  _id: 'u1',
  userId: 'USR-1',
  username: 'admin',
  email: 'admin@example.com',
  status: 'active',
  balance: 0,
  xp: 0,
  referredBy: null,
  referralCode: 'REF1',
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
  adminRole: { enabled: true, roles: ['admin'], permissions: [] },
  twoStep: false,
  ...overrides,
});

describe('authProvider', () => {
  let authProvider: ConsoleAuthProvider;
  beforeEach(() => {
    window.history.pushState({}, '', '/login');
    // each test is a page load of its own
    authProvider = consoleAuthProvider();
  });

  describe('login', () => {
    it('posts the credentials, stores the token and user, then fetches me with the new token', async () => {
      const { requests } = installFakeFetch({
        'POST /api/auth/login': reply(200, { token: 'tok-1', user: user() }),
        'GET /api/auth/me': reply(200, { user: user({ username: 'admin-from-me' }) }),
      });

      await authProvider.login({ emailOrUsername: 'admin', password: 'secret' });

      expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
        'POST /api/auth/login',
        'GET /api/auth/me',
      ]);
      expect(requests[0]?.body).toEqual({ emailOrUsername: 'admin', password: 'secret' });
      expect(requests[1]?.headers.authorization).toBe('Bearer tok-1');
      expect(getToken()).toBe('tok-1');
      expect(getStoredUser()?.username).toBe('admin-from-me');
    });

    it('accepts a bare user object from me', async () => {
      installFakeFetch({
        'POST /api/auth/login': reply(200, { token: 'tok-1', user: user() }),
        'GET /api/auth/me': reply(200, user({ username: 'bare' })),
      });
      await authProvider.login({ emailOrUsername: 'admin', password: 'secret' });
      expect(getStoredUser()?.username).toBe('bare');
    });

    it('ignores a failure of the me call and keeps the user from the login answer', async () => {
      installFakeFetch({
        'POST /api/auth/login': reply(200, { token: 'tok-1', user: user() }),
        'GET /api/auth/me': reply(500, { error: 'Boom', code: 'internal' }),
      });

      await expect(
        authProvider.login({ emailOrUsername: 'admin', password: 'secret' }),
      ).resolves.toBeUndefined();
      expect(getToken()).toBe('tok-1');
      expect(getStoredUser()?.username).toBe('admin');
    });

    it('rejects with the server error and stores nothing', async () => {
      installFakeFetch({
        'POST /api/auth/login': reply(429, {
          error: 'Too many failed sign-in attempts. Try again in 30 seconds.',
          code: 'rate_limited',
        }),
      });

      const error = await authProvider
        .login({ emailOrUsername: 'admin', password: 'nope' })
        .catch((e: unknown) => e);

      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).message).toBe(
        'Too many failed sign-in attempts. Try again in 30 seconds.',
      );
      expect(getToken()).toBeNull();
      expect(getStoredUser()).toBeNull();
    });

    it('resolves the challenge, storing nothing, when two-step sign-in is on', async () => {
      const { requests } = installFakeFetch({
        'POST /api/auth/login': reply(200, { mfaRequired: true, challenge: 'ch-1' }),
      });

      await expect(
        authProvider.login({ emailOrUsername: 'admin', password: 'secret' }),
      ).resolves.toEqual({ challenge: 'ch-1' });
      expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/auth/login']);
      expect(getToken()).toBeNull();
      expect(getStoredUser()).toBeNull();
    });

    it('knows from me when two-step set-up is due', async () => {
      installFakeFetch({
        'POST /api/auth/login': reply(200, { token: 'tok-1', user: user() }),
        'GET /api/auth/me': reply(200, {
          user: user(),
          permissions: ['*'],
          twoStepSetupRequired: true,
        }),
      });
      await authProvider.login({ emailOrUsername: 'admin', password: 'secret' });
      expect(isTwoStepSetupRequired()).toBe(true);
    });
  });

  describe('verifyCode', () => {
    it('posts the challenge and code, then stores the session as login does', async () => {
      const { requests } = installFakeFetch({
        'POST /api/auth/2fa/verify': reply(200, { token: 'tok-2', user: user() }),
        'GET /api/auth/me': reply(200, { user: user({ username: 'from-me' }), permissions: [] }),
      });

      await expect(authProvider.verifyCode('ch-1', '123456')).resolves.toBeUndefined();

      expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
        'POST /api/auth/2fa/verify',
        'GET /api/auth/me',
      ]);
      expect(requests[0]?.body).toEqual({ challenge: 'ch-1', code: '123456' });
      expect(requests[1]?.headers.authorization).toBe('Bearer tok-2');
      expect(getToken()).toBe('tok-2');
      expect(getStoredUser()?.username).toBe('from-me');
    });

    it('rejects a wrong code with the server error and stores nothing', async () => {
      installFakeFetch({
        'POST /api/auth/2fa/verify': reply(401, { error: 'Invalid code', code: 'invalid_code' }),
      });
      await expect(authProvider.verifyCode('ch-1', '000000')).rejects.toMatchObject({
        status: 401,
        message: 'Invalid code',
      });
      expect(getToken()).toBeNull();
    });
  });

  describe('logout', () => {
    it('revokes the session on the server and clears the stored token and user', async () => {
      setToken('tok-1');
      setStoredUser(user());
      const { requests } = installFakeFetch({ 'POST /api/auth/logout': reply(200, { ok: true }) });

      await expect(authProvider.logout({})).resolves.toBeUndefined();

      expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/auth/logout']);
      expect(requests[0]?.headers.authorization).toBe('Bearer tok-1');
      expect(getToken()).toBeNull();
      expect(getStoredUser()).toBeNull();
    });

    it('still clears the session when the call fails', async () => {
      setToken('tok-1');
      setStoredUser(user());
      installFakeFetch({
        'POST /api/auth/logout': reply(500, { error: 'Boom', code: 'internal' }),
      });

      await expect(authProvider.logout({})).resolves.toBeUndefined();
      expect(getToken()).toBeNull();
      expect(getStoredUser()).toBeNull();
    });

    it('still clears the session when the server cannot be reached', async () => {
      setToken('tok-1');
      installFakeFetch({ 'POST /api/auth/logout': networkError });

      await expect(authProvider.logout({})).resolves.toBeUndefined();
      expect(getToken()).toBeNull();
    });

    it('forgets that two-step set-up was due', async () => {
      setTwoStepSetupRequired(true);
      installFakeFetch({});
      await authProvider.logout({});
      expect(isTwoStepSetupRequired()).toBe(false);
    });

    it('makes no call when there is no session to revoke', async () => {
      const { requests } = installFakeFetch({});
      await authProvider.logout({});
      expect(requests).toHaveLength(0);
    });
  });

  describe('checkAuth', () => {
    it('rejects at once, without a request, when no token is stored', async () => {
      const { requests } = installFakeFetch({ 'GET /api/admin/ping': reply(200, { ok: true }) });
      await expect(authProvider.checkAuth({})).rejects.toBeDefined();
      expect(requests).toHaveLength(0);
    });

    it('asks the admin ping with the Bearer token, and what the admin may do once, and resolves', async () => {
      setToken('tok-1');
      const { requests } = installFakeFetch({
        'GET /api/admin/ping': reply(200, { ok: true }),
        'GET /api/auth/me': reply(200, { user: user(), permissions: ['*'] }),
      });

      await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
      await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
      expect(requests.map((r) => r.path)).toEqual([
        '/api/admin/ping',
        '/api/auth/me',
        '/api/admin/ping',
      ]);
      expect(requests[0]?.headers.authorization).toBe('Bearer tok-1');
    });

    it('rejects when the ping answers 403 (not an admin)', async () => {
      setToken('tok-1');
      installFakeFetch({
        'GET /api/admin/ping': reply(403, { error: 'Admins only', code: 'forbidden' }),
      });
      await expect(authProvider.checkAuth({})).rejects.toMatchObject({ status: 403 });
      expect(takeLoginNotice()).toBe(NOT_AN_ADMIN);
      expect(takeLoginNotice()).toBeNull();
    });

    it('passes, confined to My account, when the ping answers 403 two_step_required', async () => {
      setToken('tok-1');
      installFakeFetch({
        'GET /api/admin/ping': reply(403, {
          error: 'Set up two-step sign-in to continue.',
          code: 'two_step_required',
        }),
        'GET /api/auth/me': reply(200, {
          user: user(),
          permissions: ['*'],
          twoStepSetupRequired: true,
        }),
      });

      await expect(authProvider.checkAuth({})).resolves.toBeUndefined();

      expect(isTwoStepSetupRequired()).toBe(true);
      expect(takeLoginNotice()).toBeNull();
      expect(getToken()).toBe('tok-1');
    });

    it('an answered ping lifts the confinement', async () => {
      setToken('tok-1');
      setTwoStepSetupRequired(true);
      installFakeFetch({
        'GET /api/admin/ping': reply(200, { ok: true }),
        'GET /api/auth/me': reply(200, { user: user(), permissions: ['*'] }),
      });
      await authProvider.checkAuth({});
      expect(isTwoStepSetupRequired()).toBe(false);
    });

    it('asks the ping without a token, and who is signed in once, when the sign-on proxy signs admins in', async () => {
      config.authMode = 'proxy';
      try {
        const { requests } = installFakeFetch({
          'GET /api/admin/ping': reply(200, { ok: true }),
          'GET /api/auth/me': reply(200, { user: user() }),
        });
        await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
        await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
        // Who the proxy signed in is read once, for the greeting and the audit views.
        expect(requests.map((r) => r.path)).toEqual([
          '/api/admin/ping',
          '/api/auth/me',
          '/api/admin/ping',
        ]);
        expect(requests[0]?.headers.authorization).toBeUndefined();
        expect(getStoredUser()).toMatchObject({ username: user().username });
      } finally {
        config.authMode = 'password';
      }
    });

    it('rejects and clears the session when the ping answers 401', async () => {
      setToken('expired');
      setStoredUser(user());
      window.history.pushState({}, '', '/');
      installFakeFetch({
        'GET /api/admin/ping': reply(401, { error: 'Expired', code: 'unauthorized' }),
      });

      await expect(authProvider.checkAuth({})).rejects.toMatchObject({ status: 401 });
      expect(getToken()).toBeNull();
      expect(getStoredUser()).toBeNull();
      expect(takeLoginNotice()).toBe(SESSION_ENDED);
    });
    // The design: a network error, a 5xx or a timeout never ends a session (react-admin signs
    // out whenever checkAuth rejects, and checks again each time the tab regains focus).
    it.each([
      ['no answer', networkError],
      ['a 502', reply(502, { error: 'Bad gateway' })],
      ['a 503', reply(503, { error: 'Unavailable', code: 'unavailable' })],
      ['a 504 (the proxy timed out)', reply(504, {})],
      ['a 429', reply(429, { error: 'Too many requests', code: 'rate_limited' })],
    ] as const)('passes and keeps the session when the ping gets %s', async (_, answer) => {
      setToken('tok-1');
      setStoredUser(user());
      installFakeFetch({ 'GET /api/admin/ping': answer });

      await expect(authProvider.checkAuth({})).resolves.toBeUndefined();

      expect(getToken()).toBe('tok-1');
      expect(getStoredUser()?.username).toBe('admin');
      expect(takeLoginNotice()).toBeNull();
    });

    it('passes when what the admin may do cannot be read, and reads it at the next check', async () => {
      setToken('tok-1');
      let meAnswers = 0;
      const { requests } = installFakeFetch({
        'GET /api/admin/ping': reply(200, { ok: true }),
        'GET /api/auth/me': () =>
          meAnswers++ === 0
            ? reply(503, { error: 'Unavailable' })
            : reply(200, { user: user(), permissions: ['*'] }),
      });

      await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
      await expect(authProvider.checkAuth({})).resolves.toBeUndefined();

      expect(requests.filter((r) => r.path === '/api/auth/me')).toHaveLength(2);
      expect(getToken()).toBe('tok-1');
      expect(authProvider.canAccessNow({ resource: 'users', action: 'list' })).toBe(true);
    });
  });

  describe('checkError', () => {
    it('on a 401 forgets the stored token and user and rejects (react-admin logs out)', async () => {
      setToken('expired');
      setStoredUser(user());
      await expect(authProvider.checkError(new HttpError('Expired', 401))).rejects.toMatchObject({
        status: 401,
      });
      expect(getToken()).toBeNull();
      expect(getStoredUser()).toBeNull();
      // the sign-in page it goes to says why
      expect(takeLoginNotice()).toBe(SESSION_ENDED);
    });

    it('behind a sign-on proxy, loads the page again for the proxy to sign in, once a minute at most', async () => {
      const replace = vi.spyOn(pageNavigation, 'replace').mockImplementation(() => {});
      config.authMode = 'proxy';
      window.sessionStorage.clear();
      window.history.pushState({}, '', '/withdrawals?status=pending');
      try {
        const expired = new HttpError('Expired', 401);
        // reloading: react-admin neither logs out nor redirects meanwhile
        await expect(authProvider.checkError(expired)).rejects.toMatchObject({
          logoutUser: false,
          redirectTo: false,
        });
        expect(replace).toHaveBeenCalledExactlyOnceWith(window.location.href);
        // a minute has not passed: the sign-in page instead of a reload loop
        await expect(authProvider.checkError(expired)).rejects.toMatchObject({ status: 401 });
        expect(replace).toHaveBeenCalledOnce();
        // the proxy's sign-in page says its own
        expect(takeLoginNotice()).toBeNull();
      } finally {
        config.authMode = 'password';
        replace.mockRestore();
      }
    });

    it('leaves the session alone on a 403', async () => {
      setToken('valid');
      await expect(authProvider.checkError(new HttpError('Admins only', 403))).resolves.toBe(
        undefined,
      );
      expect(getToken()).toBe('valid');
    });

    it('confines the admin to My account on a 403 two_step_required', async () => {
      setToken('valid');
      const refused = new HttpError('Set up two-step sign-in to continue.', 403, {
        code: 'two_step_required',
      });
      await expect(authProvider.checkError(refused)).resolves.toBeUndefined();
      expect(isTwoStepSetupRequired()).toBe(true);
      expect(getToken()).toBe('valid');
    });

    it.each([
      ['invalid_code', 'Invalid code'],
      ['wrong_password', 'Current password is incorrect'],
    ])('keeps the session on a 401 %s (a wrong entry on My account)', async (code, message) => {
      setToken('valid');
      setStoredUser(user());
      await expect(
        authProvider.checkError(new HttpError(message, 401, { error: message, code })),
      ).resolves.toBeUndefined();
      expect(getToken()).toBe('valid');
      expect(getStoredUser()).not.toBeNull();
    });

    it('ends the session on any other 401', async () => {
      setToken('expired');
      const expired = new HttpError('Expired', 401, { error: 'Expired', code: 'unauthorized' });
      await expect(authProvider.checkError(expired)).rejects.toMatchObject({ status: 401 });
      expect(getToken()).toBeNull();
    });

    it.each([403, 404, 409, 500, 0])('resolves on status %i', async (status) => {
      await expect(authProvider.checkError(new HttpError('x', status))).resolves.toBeUndefined();
    });

    it('resolves on an error without status', async () => {
      await expect(authProvider.checkError(new Error('x'))).resolves.toBeUndefined();
    });
  });

  describe('getIdentity', () => {
    it('reads the stored user without a request', async () => {
      setStoredUser(user({ userId: 'USR-9', username: 'boss' }));
      const { requests } = installFakeFetch({});

      await expect(authProvider.getIdentity?.()).resolves.toEqual({
        id: 'USR-9',
        fullName: 'boss',
      });
      expect(requests).toHaveLength(0);
    });

    it('fetches and stores me when no user is stored', async () => {
      setToken('tok-1');
      installFakeFetch({ 'GET /api/auth/me': reply(200, { user: user({ username: 'fetched' }) }) });

      await expect(authProvider.getIdentity?.()).resolves.toEqual({
        id: 'USR-1',
        fullName: 'fetched',
      });
      expect(getStoredUser()?.username).toBe('fetched');
    });
  });
});
