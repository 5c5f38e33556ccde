import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signedIn, userAudits } from '../../test/client';
import { createTestContext, type TestContext } from '../../test/harness';

// No one strips a wider admin: demoting an admin, or revoking any of their permissions, is
// refused to a caller who does not hold all they hold, as disabling them is.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const revoke = (who: SignedIn, target: SignedIn, names: string[]) =>
  who.patch(`/api/admin/users/${target.user.user_id}/permissions`, { revoke: names });
const demote = (who: SignedIn, target: SignedIn) =>
  who.patch(`/api/admin/users/${target.user.user_id}/role`, { makeAdmin: false });

async function stateOf(target: SignedIn) {
  const row = await t.db
    .selectFrom('users')
    .select(['admin_permissions', 'admin_enabled', 'admin_roles', 'status'])
    .where('id', '=', target.user.id)
    .executeTakeFirstOrThrow();
  return { ...row, audits: await userAudits(t, target.user.user_id) };
}

const refusedFor = (permission: string) => ({
  error: `You cannot change an admin who holds ${permission}, which you do not hold`,
  code: 'forbidden',
  permission,
});

describe('stripping an admin who holds more than the caller', () => {
  it('a users:admin admin can neither revoke * from a * admin nor demote them', async () => {
    const narrow = await signedIn(t, { permissions: ['users:admin'] });
    const full = await signedIn(t);
    await signedIn(t); // another holder of *: not the last-* rule's case
    const before = await stateOf(full);
    for (const res of [await revoke(narrow, full, ['*']), await demote(narrow, full)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(refusedFor('*'));
    }
    expect(await stateOf(full)).toEqual(before);
  });

  it('revoking even a permission both hold is refused, naming the one the caller lacks', async () => {
    const narrow = await signedIn(t, { permissions: ['users:admin', 'bots:read'] });
    const wider = await signedIn(t, { permissions: ['bots:read', 'withdrawals:approve'] });
    const before = await stateOf(wider);
    const res = await revoke(narrow, wider, ['bots:read']);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(refusedFor('withdrawals:approve'));
    // A grant and a revoke in one: refused as a whole.
    const both = await narrow.patch(`/api/admin/users/${wider.user.user_id}/permissions`, {
      grant: ['bots:read'],
      revoke: ['withdrawals:approve'],
    });
    expect(both.statusCode).toBe(403);
    expect(await stateOf(wider)).toEqual(before);
  });

  it('an admin holding all the target holds still revokes and demotes', async () => {
    const caller = await signedIn(t, { permissions: ['users:admin', 'bots:*'] });
    const target = await signedIn(t, { permissions: ['bots:read', 'bots:write'] });
    expect((await revoke(caller, target, ['bots:write'])).statusCode).toBe(200);
    const demoted = await demote(caller, target);
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(await stateOf(target)).toMatchObject({
      admin_enabled: false,
      admin_permissions: ['bots:read'],
    });
    // Revoking what a former admin kept: no admin to strip any more.
    const kept = await signedIn(t, { permissions: ['users:admin'] });
    expect((await revoke(kept, target, ['bots:read'])).statusCode).toBe(200);
  });
});
