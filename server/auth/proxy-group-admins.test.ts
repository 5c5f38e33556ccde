import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthSettings } from '../config';
import { buildTestApp, createTestContext, type TestContext } from '../test/harness';

// Behind the sign-on proxy, what an admin's groups give counts as their own permissions do:
// no narrower admin changes or strips them, the last-* rule sees it, and GET /auth/me shows it.

const PROXY = '10.1.2.3';
const auth: AuthSettings = {
  mode: 'proxy',
  header: 'X-Forwarded-Email',
  proxies: ['10.1.0.0/16'],
  logoutUrl: '/oauth2/sign_out',
  groups: {
    header: 'X-Forwarded-Groups',
    permissions: new Map([['owners', ['*']]]),
  },
};

let t: TestContext;
let app: FastifyInstance;
beforeAll(async () => {
  t = await createTestContext();
  app = await buildTestApp({ db: t.db, logLevel: 'silent', trustProxy: ['10.1.0.0/16'], auth });
});
afterAll(async () => {
  await app.close();
  await t.close();
});

type Who = { email: string; groups?: string };
const call = (who: Who, method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  app.inject({
    method,
    url,
    remoteAddress: PROXY,
    headers: {
      'x-forwarded-email': who.email,
      ...(who.groups !== undefined && { 'x-forwarded-groups': who.groups }),
    },
    ...(payload && { payload }),
  });

/** An admin with `permissions` stored whose sign-on groups (stored at sign-in) are `groups`. */
async function admin(permissions: string[], groups?: string) {
  const user = await t.user({ admin: true, permissions });
  const who = { email: user.email, ...(groups !== undefined && { groups }) };
  expect((await call(who, 'GET', '/api/auth/me')).statusCode).toBe(200);
  return { ...user, who };
}

const stateOf = (id: number) =>
  t.db
    .selectFrom('users')
    .select(['email', 'status', 'admin_enabled', 'admin_permissions', 'sso_groups'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('an admin whose * comes from a sign-on group', () => {
  it('is not disabled, re-emailed, demoted or stripped by a users:write + users:admin admin', async () => {
    const owner = await admin(['users:read'], 'owners');
    await admin(['*']); // another holder of *: not the last-* rule's case
    const narrow = await admin(['users:read', 'users:write', 'users:admin']);
    const url = `/api/admin/users/${owner.user_id}`;
    const before = await stateOf(owner.id);
    expect(before.sso_groups).toEqual(['owners']);
    for (const res of [
      await call(narrow.who, 'DELETE', url),
      await call(narrow.who, 'PATCH', url, { email: 'taken-over@example.com' }),
      await call(narrow.who, 'PATCH', `${url}/role`, { makeAdmin: false }),
      await call(narrow.who, 'PATCH', `${url}/permissions`, { revoke: ['users:read'] }),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({
        error: 'You cannot change an admin who holds *, which you do not hold',
        code: 'forbidden',
        permission: '*',
      });
    }
    expect(await stateOf(owner.id)).toEqual(before);
  });

  it('is not made admin again by one who does not hold what the groups give', async () => {
    const owner = await admin([], 'owners');
    const full = await admin(['*']);
    const url = `/api/admin/users/${owner.user_id}/role`;
    expect((await call(full.who, 'PATCH', url, { makeAdmin: false })).statusCode).toBe(200);
    const narrow = await admin(['users:read', 'users:admin']);
    const before = await stateOf(owner.id);
    const res = await call(narrow.who, 'PATCH', url, { makeAdmin: true });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: 'You can only grant permissions you hold: *',
      code: 'forbidden',
      permission: '*',
    });
    expect(await stateOf(owner.id)).toEqual(before);
  });

  it('is told so by GET /auth/me: the permission and the group it comes from', async () => {
    const owner = await admin([], 'owners');
    const me = await call(owner.who, 'GET', '/api/auth/me');
    expect(me.json().permissions).toEqual(['*']);
    expect(me.json().user.adminRole).toEqual({
      enabled: true,
      roles: ['admin'],
      permissions: [],
      groupPermissions: [{ name: '*', group: 'owners' }],
    });
  });
});

describe('the last-* rule behind the proxy', () => {
  /** No other active admin holds * of their own. */
  const clearAdmins = () => t.db.updateTable('users').set({ admin_enabled: false }).execute();

  it('counts an admin holding * through a group as another holder', async () => {
    await clearAdmins();
    const stored = await admin(['*']);
    const grouped = await admin([], 'owners');
    const res = await call(grouped.who, 'PATCH', `/api/admin/users/${stored.user_id}/permissions`, {
      revoke: ['*'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await stateOf(stored.id)).admin_permissions).toEqual([]);
  });

  it('lets the only holder drop a stored * their group gives them anyway, not lose it', async () => {
    await clearAdmins();
    const both = await admin(['*'], 'owners');
    const dropped = await call(both.who, 'PATCH', `/api/admin/users/${both.user_id}/permissions`, {
      revoke: ['*'],
    });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect((await call(both.who, 'GET', '/api/auth/me')).json().permissions).toEqual(['*']);

    // Holding * through the group alone, and the last to: no one demotes or disables them.
    const helper = await admin(['users:*'], '');
    const before = await stateOf(both.id);
    for (const res of [
      await call(helper.who, 'PATCH', `/api/admin/users/${both.user_id}/role`, {
        makeAdmin: false,
      }),
      await call(helper.who, 'DELETE', `/api/admin/users/${both.user_id}`),
    ]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().code).toBe('last_full_admin');
    }
    expect(await stateOf(both.id)).toEqual(before);
  });
});
