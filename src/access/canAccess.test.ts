import { beforeEach, describe, expect, it } from 'vitest';
import type { User } from '../../contract/users';
import { setToken } from '../storage';
import { consoleAuthProvider } from '../test/authProvider';
import { installFakeFetch, reply } from '../test/fakeFetch';
import { meHolding } from '../test/renderAdmin';

const signedInHolding = (permissions: string[]) => {
  setToken('tok-1');
  return installFakeFetch({
    'POST /api/auth/login': reply(200, { token: 'tok-1', user: meHolding(permissions).user }),
    'GET /api/admin/ping': reply(200, { ok: true }),
    'GET /api/auth/me': reply(200, meHolding(permissions)),
  });
};

/** The page's auth provider: a new one is a new page load. */
let authProvider = consoleAuthProvider();
const newPageLoad = () => {
  authProvider = consoleAuthProvider();
};

const can = (resource: string, action: string) => authProvider.canAccess?.({ resource, action });

describe('authProvider.canAccess', () => {
  beforeEach(newPageLoad);

  it('reads what the admin may do once per page load: every check after that is in memory', async () => {
    const { requests } = signedInHolding(['withdrawals:read']);
    await authProvider.checkAuth({});
    await can('withdrawals', 'list');
    await can('withdrawals', 'approve');
    await can('bots', 'list');
    await authProvider.checkAuth({});
    expect(requests.filter((r) => r.path === '/api/auth/me')).toHaveLength(1);

    // a new page load reads them again
    newPageLoad();
    await can('withdrawals', 'list');
    expect(requests.filter((r) => r.path === '/api/auth/me')).toHaveLength(2);
  });

  it('keeps what sign-in read: the first check of the page asks no more', async () => {
    const { requests } = signedInHolding(['bots:read']);
    await authProvider.login({ emailOrUsername: 'admin', password: 'secret' });
    await authProvider.checkAuth({});
    expect(await can('bots', 'list')).toBe(true);
    expect(requests.filter((r) => r.path === '/api/auth/me')).toHaveLength(1);
  });

  it('a reader sees the list and the record, and may do nothing else', async () => {
    signedInHolding(['withdrawals:read']);
    expect(await can('withdrawals', 'list')).toBe(true);
    expect(await can('withdrawals', 'show')).toBe(true);
    expect(await can('withdrawals', 'export')).toBe(true);
    expect(await can('withdrawals', 'approve')).toBe(false);
    expect(await can('withdrawals', 'reject')).toBe(false);
    expect(await can('bots', 'list')).toBe(false);
    expect(await can('users', 'show')).toBe(false);
  });

  it('adjustments are seen with users:read and decided with adjustments:approve alone', async () => {
    signedInHolding(['users:read']);
    expect(await can('adjustments', 'list')).toBe(true);
    expect(await can('adjustments', 'show')).toBe(true);
    expect(await can('adjustments', 'adjustments:approve')).toBe(false);

    newPageLoad();
    signedInHolding(['users:write', 'withdrawals:approve', 'adjustments:approve']);
    expect(await can('adjustments', 'adjustments:approve')).toBe(true);

    newPageLoad();
    signedInHolding(['users:*', 'withdrawals:*']);
    expect(await can('adjustments', 'adjustments:approve')).toBe(false);
  });

  it('an action implies the read of its area; write covers create, edit, delete, toggle and copy', async () => {
    signedInHolding(['withdrawals:approve', 'bots:write', 'decks:write']);
    expect(await can('withdrawals', 'list')).toBe(true);
    expect(await can('withdrawals', 'approve')).toBe(true);
    for (const action of ['list', 'create', 'edit', 'delete', 'toggle']) {
      expect(await can('bots', action)).toBe(true);
    }
    expect(await can('/unity/decks', 'copy')).toBe(true);
    expect(await can('users', 'list')).toBe(false);
  });

  it('pages belong to their areas: settings, push and the special actions', async () => {
    signedInHolding(['settings:read', 'push:send', 'legal:write']);
    expect(await can('/settings/referral', 'read')).toBe(true);
    expect(await can('/settings/daily-rewards', 'edit')).toBe(false);
    expect(await can('/settings/withdrawal-types', 'read')).toBe(true);
    expect(await can('withdrawal-types', 'toggle')).toBe(false);
    expect(await can('/settings/notifications', 'read')).toBe(true);
    expect(await can('/settings/notifications', 'send')).toBe(true);
    expect(await can('/settings/legal', 'edit')).toBe(true);
    expect(await can('/settings/legal', 'publish')).toBe(false);
    expect(await can('/settings/integrations', 'read')).toBe(false);
    expect(await can('/games', 'read')).toBe(false);
    expect(await can('users', 'admin')).toBe(false);
  });

  it('area wildcards and * are held as such', async () => {
    signedInHolding(['users:*']);
    expect(await can('users', 'admin')).toBe(true);
    expect(await can('users', 'edit')).toBe(true);
    expect(await can('audit', 'list')).toBe(false);

    newPageLoad();
    signedInHolding(['*']);
    expect(await can('audit', 'list')).toBe(true);
    expect(await can('users', 'admin')).toBe(true);
    expect(await can('/settings/legal', 'publish')).toBe(true);
  });

  it('an admin holding nothing is refused everything but the dashboard, which asks nothing', async () => {
    signedInHolding([]);
    expect(await can('withdrawals', 'list')).toBe(false);
    expect(await can('/games', 'read')).toBe(false);
  });

  it('refuses when what the admin may do cannot be read (and reads it again next time)', async () => {
    setToken('tok-1');
    const { requests } = installFakeFetch({
      'GET /api/auth/me': reply(500, { error: 'Boom', code: 'internal' }),
    });
    expect(await can('withdrawals', 'list')).toBe(false);
    installFakeFetch({
      'GET /api/auth/me': reply(200, { user: {} as User, permissions: ['withdrawals:read'] }),
    });
    expect(await can('withdrawals', 'list')).toBe(true);
    expect(requests).toHaveLength(1);
  });
});
