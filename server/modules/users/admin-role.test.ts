import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockWaiters, type SignedIn, signedIn, userAudits } from '../../test/client';
import { bearer, createTestContext, type TestContext } from '../../test/harness';
import { lockAdminSet } from './admins';

let t: TestContext;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestContext();
  admin = await signedIn(t);
});
afterAll(() => t.close());

const role = (who: SignedIn, userId: string, makeAdmin: boolean) =>
  who.patch(`/api/admin/users/${userId}/role`, { makeAdmin });
const permissions = (userId: string, body: object) =>
  admin.patch(`/api/admin/users/${userId}/permissions`, body);
const ping = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/admin/ping', headers: bearer(token) });

describe('PATCH /api/admin/users/:id/role', () => {
  it('promotes a user: admin enabled with the admin role, and the console opens to them', async () => {
    const user = await t.user({ admin: false });
    const token = await t.login(user.username, user.password);
    expect((await ping(token)).statusCode).toBe(403);

    const res = await role(admin, user.user_id, true);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      adminRole: { enabled: true, roles: ['admin'], permissions: [] },
    });
    expect((await ping(token)).statusCode).toBe(200);

    // Again: nothing changes, no second role, no second audit row.
    const again = await role(admin, user.user_id, true);
    expect(again.json().adminRole.roles).toEqual(['admin']);
    const audits = await userAudits(t, user.user_id);
    expect(audits.map((r) => [r.action, r.before, r.after])).toEqual([
      [
        'user.role',
        { enabled: false, roles: [], permissions: [] },
        { enabled: true, roles: ['admin'], permissions: [] },
      ],
    ]);
  });

  it('demotes an admin and keeps their permissions; their next request is refused', async () => {
    const other = await signedIn(t, { permissions: [] });
    await permissions(other.user.user_id, { grant: ['withdrawals:approve'] });
    const res = await role(admin, other.user.user_id, false);
    expect(res.statusCode).toBe(200);
    expect(res.json().adminRole).toEqual({
      enabled: false,
      roles: [],
      permissions: ['withdrawals:approve'],
    });
    expect((await ping(other.token)).statusCode).toBe(403);
  });

  it('refuses to let an admin remove their own role', async () => {
    const res = await role(admin, admin.user.user_id, false);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'You cannot remove your own admin role',
      code: 'self_demotion',
    });
    expect((await ping(admin.token)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown user and 400 for a bad body', async () => {
    const missing = await role(admin, 'u_nobody', true);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'User not found', code: 'not_found' });
    const user = await t.user();
    for (const body of [{}, { makeAdmin: 'yes' }, { makeAdmin: true, extra: 1 }]) {
      const res = await admin.patch(`/api/admin/users/${user.user_id}/role`, body);
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('never zero admins', () => {
  let only: TestContext;
  beforeAll(async () => {
    only = await createTestContext();
  });
  afterAll(() => only.close());

  /**
   * The last two admins act on each other at the same moment: the test holds the admin-set lock
   * until both requests have passed the guard and queued behind it, then lets them run.
   */
  type Response = Awaited<ReturnType<SignedIn['call']>>;
  async function raceAgainstEachOther(act: (who: SignedIn, target: SignedIn) => Promise<Response>) {
    await only.db.updateTable('users').set({ admin_enabled: false }).execute();
    const a = await signedIn(only);
    const b = await signedIn(only);
    let both: Promise<Response[]> | undefined;
    await only.db.transaction().execute(async (trx) => {
      await lockAdminSet(trx);
      both = Promise.all([act(a, b), act(b, a)]);
      await lockWaiters(only, 2);
    });
    const responses = (await both) ?? [];
    const admins = await only.db
      .selectFrom('users')
      .select('id')
      .where('admin_enabled', '=', true)
      .where('status', '<>', 'disabled')
      .execute();
    return { responses, admins };
  }

  it('lets exactly one of two concurrent demotions of the last two admins through', async () => {
    const { responses, admins } = await raceAgainstEachOther((who, target) =>
      role(who, target.user.user_id, false),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(responses.find((r) => r.statusCode === 409)?.json()).toEqual({
      error: 'At least one admin must remain',
      code: 'last_admin',
    });
    expect(admins).toHaveLength(1);
  });

  it('lets exactly one of two concurrent disables of the last two admins through', async () => {
    const { responses, admins } = await raceAgainstEachOther((who, target) =>
      who.delete(`/api/admin/users/${target.user.user_id}`),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(responses.find((r) => r.statusCode === 409)?.json()).toMatchObject({
      code: 'last_admin',
    });
    expect(admins).toHaveLength(1);
  });
});

describe('PATCH /api/admin/users/:id/permissions', () => {
  it('grants trimmed entries once each, in order, ignoring empties', async () => {
    const user = await t.user({ admin: true, permissions: [] });
    const res = await permissions(user.user_id, {
      grant: [' withdrawals:approve ', '', '   ', 'users:write', 'withdrawals:approve'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      adminRole: {
        enabled: true,
        roles: ['admin'],
        permissions: ['withdrawals:approve', 'users:write'],
      },
    });
    const more = await permissions(user.user_id, { grant: ['users:write', 'bots:write'] });
    expect(more.json().adminRole.permissions).toEqual([
      'withdrawals:approve',
      'users:write',
      'bots:write',
    ]);
  });

  it('revokes entries, and ignores ones the user does not hold', async () => {
    const user = await t.user();
    await permissions(user.user_id, { grant: ['bots:read', 'games:read', 'decks:read'] });
    const res = await permissions(user.user_id, { revoke: [' games:read', 'zzz', ''] });
    expect(res.statusCode).toBe(200);
    expect(res.json().adminRole.permissions).toEqual(['bots:read', 'decks:read']);

    const both = await permissions(user.user_id, { grant: ['legal:read'], revoke: ['bots:read'] });
    expect(both.json().adminRole.permissions).toEqual(['decks:read', 'legal:read']);
  });

  it('answers 200 and changes nothing when there is nothing to do', async () => {
    const user = await t.user();
    await permissions(user.user_id, { grant: ['audit:read'] });
    const bodies = [{}, { grant: [], revoke: [] }, { grant: ['  '] }, { grant: ['audit:read'] }];
    for (const body of bodies) {
      const res = await permissions(user.user_id, body);
      expect(res.statusCode).toBe(200);
      expect(res.json().adminRole.permissions).toEqual(['audit:read']);
    }
    expect(await userAudits(t, user.user_id)).toHaveLength(1);
  });

  it('writes one audit row per change, with the permissions before and after', async () => {
    const user = await t.user();
    await permissions(user.user_id, { grant: ['push:send'] });
    await permissions(user.user_id, { revoke: ['push:send'] });
    const rows = await userAudits(t, user.user_id);
    const granted = { permissions: ['push:send'] };
    expect(rows.map((r) => [r.action, r.actor, r.before, r.after])).toEqual([
      ['user.permissions', admin.user.username, { permissions: [] }, granted],
      ['user.permissions', admin.user.username, granted, { permissions: [] }],
    ]);
  });

  it('answers 404 for an unknown user and 400 for a bad body', async () => {
    const missing = await permissions('u_nobody', { grant: ['audit:read'] });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'User not found', code: 'not_found' });
    const user = await t.user();
    for (const body of [{ grant: 'a' }, { grant: [1] }, { add: ['a'] }]) {
      expect((await permissions(user.user_id, body)).statusCode).toBe(400);
    }
  });
});
