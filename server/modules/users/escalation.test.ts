import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_AREAS } from '../../../contract/permissions';
import { lockWaiters, type SignedIn, signedIn, userAudits } from '../../test/client';
import { createTestContext, type TestContext } from '../../test/harness';
import { lockAdminSet } from './admins';

// No escalation: granting needs users:admin and holding what is granted (only `*` grants `*`),
// an admin only ever revokes their own permissions, and the last active admin holding `*` keeps
// it. Every refusal changes nothing and writes no audit row.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const grant = (who: SignedIn, target: SignedIn, names: string[]) =>
  who.patch(`/api/admin/users/${target.user.user_id}/permissions`, { grant: names });
const revoke = (who: SignedIn, target: SignedIn, names: string[]) =>
  who.patch(`/api/admin/users/${target.user.user_id}/permissions`, { revoke: names });

/** The target's stored permissions and the audit rows written about them. */
async function stateOf(context: TestContext, target: SignedIn) {
  const row = await context.db
    .selectFrom('users')
    .select(['admin_permissions', 'admin_enabled', 'status'])
    .where('id', '=', target.user.id)
    .executeTakeFirstOrThrow();
  return { ...row, audits: (await userAudits(context, target.user.user_id)).length };
}

describe('granting', () => {
  it('refuses granting oneself anything, but lets one revoke one’s own', async () => {
    const self = await signedIn(t, { permissions: ['users:admin', 'withdrawals:*'] });
    const before = await stateOf(t, self);
    const res = await grant(self, self, ['withdrawals:read']);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: 'You cannot grant permissions to yourself',
      code: 'self_grant',
    });
    expect(await stateOf(t, self)).toEqual(before);

    const dropped = await revoke(self, self, ['withdrawals:*']);
    expect(dropped.statusCode).toBe(200);
    expect(dropped.json().adminRole.permissions).toEqual(['users:admin']);
  });

  it('grants only what the granter holds, a wildcard covering its area', async () => {
    const granter = await signedIn(t, { permissions: ['users:admin', 'withdrawals:*'] });
    const target = await signedIn(t, { permissions: [] });
    const before = await stateOf(t, target);
    for (const name of ['bots:read', 'users:*', 'users:write', '*']) {
      const res = await grant(granter, target, ['withdrawals:approve', name]);
      expect(res.statusCode, name).toBe(403);
      expect(res.json(), name).toEqual({
        error: `You can only grant permissions you hold: ${name}`,
        code: 'forbidden',
        permission: name,
      });
    }
    expect(await stateOf(t, target)).toEqual(before);

    const res = await grant(granter, target, [
      'withdrawals:approve',
      'withdrawals:*',
      'users:admin',
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().adminRole.permissions).toEqual([
      'withdrawals:approve',
      'withdrawals:*',
      'users:admin',
    ]);
    expect((await stateOf(t, target)).audits).toBe(1);
  });

  it('lets only a holder of `*` grant `*`: every area wildcard is not enough', async () => {
    const allAreas = PERMISSION_AREAS.map((area) => `${area}:*`);
    const wide = await signedIn(t, { permissions: allAreas });
    const full = await signedIn(t);
    const target = await signedIn(t, { permissions: [] });
    const refused = await grant(wide, target, ['*']);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().permission).toBe('*');
    expect((await grant(full, target, ['*'])).json().adminRole.permissions).toEqual(['*']);
  });

  it('needs users:admin to grant, revoke or change the admin role at all', async () => {
    const granter = await signedIn(t, { permissions: ['users:write', 'withdrawals:*'] });
    const target = await signedIn(t, { permissions: ['withdrawals:read'] });
    const before = await stateOf(t, target);
    for (const res of [
      await grant(granter, target, ['withdrawals:read']),
      await revoke(granter, target, ['withdrawals:read']),
      await granter.patch(`/api/admin/users/${target.user.user_id}/role`, { makeAdmin: false }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: 'Missing permission: users:admin',
        code: 'forbidden',
        permission: 'users:admin',
      });
    }
    expect(await stateOf(t, target)).toEqual(before);
  });

  it('refuses a name outside the catalogue, naming it and the valid ones; blanks are ignored', async () => {
    const full = await signedIn(t);
    const target = await signedIn(t, { permissions: [] });
    const res = await grant(full, target, ['withdrawals:approve', ' ', 'withdrawals:aprove']);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('invalid_input');
    expect(body.error).toMatch(
      /^Unknown permission: withdrawals:aprove\. Valid permissions are \*, /,
    );
    expect(body.error).toContain('withdrawals:approve');
    expect(body.fields.grant).toBe(body.error);
    expect(await stateOf(t, target)).toMatchObject({ admin_permissions: [], audits: 0 });
  });

  it('does not let a narrower admin re-promote, re-password or disable a wider one', async () => {
    const narrow = await signedIn(t, { permissions: ['users:*'] });
    const wider = await signedIn(t, { permissions: ['users:read', 'withdrawals:approve'] });
    const full = await signedIn(t);
    await full.patch(`/api/admin/users/${wider.user.user_id}/role`, { makeAdmin: false });
    const id = wider.user.user_id;
    const promote = await narrow.patch(`/api/admin/users/${id}/role`, { makeAdmin: true });
    expect(promote.statusCode).toBe(403);
    expect(promote.json()).toEqual({
      error: 'You can only grant permissions you hold: withdrawals:approve',
      code: 'forbidden',
      permission: 'withdrawals:approve',
    });
    expect((await stateOf(t, wider)).admin_enabled).toBe(false);

    await full.patch(`/api/admin/users/${id}/role`, { makeAdmin: true });
    const before = await stateOf(t, wider);
    for (const res of [
      await narrow.post(`/api/admin/users/${id}/password`, { newPassword: 'taken-over' }),
      await narrow.patch(`/api/admin/users/${id}`, { email: 'mine@example.com' }),
      await narrow.delete(`/api/admin/users/${id}`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: 'You cannot change an admin who holds withdrawals:approve, which you do not hold',
        code: 'forbidden',
        permission: 'withdrawals:approve',
      });
    }
    expect(await stateOf(t, wider)).toEqual(before);
  });
});

describe('the last active admin holding `*`', () => {
  let only: TestContext;
  beforeAll(async () => {
    only = await createTestContext();
  });
  afterAll(() => only.close());

  /** `full` is the only active admin holding `*`; `helper` may do everything else. */
  async function lastFullAdmin() {
    await only.db.updateTable('users').set({ admin_enabled: false }).execute();
    const full = await signedIn(only);
    const helper = await signedIn(only, {
      permissions: PERMISSION_AREAS.map((area) => `${area}:*`),
    });
    return { full, helper };
  }

  it('cannot lose it, be demoted or be disabled; with another holder it can', async () => {
    const { full, helper } = await lastFullAdmin();
    const id = full.user.user_id;
    const before = await stateOf(only, full);
    for (const res of [
      await revoke(helper, full, ['*']),
      await revoke(full, full, ['*']),
      await helper.patch(`/api/admin/users/${id}/role`, { makeAdmin: false }),
      await helper.delete(`/api/admin/users/${id}`),
      await helper.patch(`/api/admin/users/${id}`, { status: 'disabled' }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: 'At least one active admin must keep * (every permission)',
        code: 'last_full_admin',
      });
    }
    expect(await stateOf(only, full)).toEqual(before);

    const second = await signedIn(only);
    expect((await revoke(second, full, ['*'])).statusCode).toBe(200);
    expect((await stateOf(only, full)).audits).toBe(1);
  });

  /**
   * The last two holders of `*` each try, 10 times at once, to take it from the other: the test
   * holds the admin-set lock until the app's other three pool connections wait on it, the rest
   * of the 20 requests queued behind them, all sent before any could answer.
   */
  it.each([
    ['revoke', (who: SignedIn, target: SignedIn) => revoke(who, target, ['*'])],
    [
      'demote',
      (who: SignedIn, target: SignedIn) =>
        who.patch(`/api/admin/users/${target.user.user_id}/role`, { makeAdmin: false }),
    ],
    [
      'disable',
      (who: SignedIn, target: SignedIn) => who.delete(`/api/admin/users/${target.user.user_id}`),
    ],
  ])('20 concurrent attempts to %s: one holder always remains', async (_, act) => {
    const { full: a } = await lastFullAdmin();
    const b = await signedIn(only);
    let all: Promise<Awaited<ReturnType<SignedIn['call']>>[]> | undefined;
    await only.db.transaction().execute(async (trx) => {
      await lockAdminSet(trx);
      all = Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? act(a, b) : act(b, a))));
      // Asked on the lock holder's own connection: the pool's others are all taken.
      await lockWaiters({ db: trx }, 3);
    });
    const statuses = ((await all) ?? []).map((r) => r.statusCode);
    for (const status of statuses) expect([200, 403, 409]).toContain(status);
    expect(statuses).toContain(409);

    const holders = await only.db
      .selectFrom('users')
      .select('id')
      .where('admin_enabled', '=', true)
      .where('status', '<>', 'disabled')
      .where((eb) => eb(eb.val('*'), '=', eb.fn.any('admin_permissions')))
      .execute();
    expect(holders).toHaveLength(1);
    const changes = (await stateOf(only, a)).audits + (await stateOf(only, b)).audits;
    expect(changes).toBe(1);
  });
});
