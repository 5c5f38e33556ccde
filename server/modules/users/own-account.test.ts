import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWN_ACCOUNT } from '../../../contract/adjustments';
import { type SignedIn, signedIn, userAudits } from '../../test/client';
import { createTestContext, type TestContext } from '../../test/harness';

// No admin changes their own account's value or standing, whatever else they may do.

let t: TestContext;
let insider: SignedIn;
beforeAll(async () => {
  t = await createTestContext();
  insider = await signedIn(t, {
    permissions: ['users:read', 'users:write', 'users:admin', 'withdrawals:approve'],
    balance: 10,
    xp: 5,
    referredBy: 'ABCD1234',
  });
});
afterAll(() => t.close());

const ownRow = () =>
  t.db.selectFrom('users').selectAll().where('id', '=', insider.user.id).executeTakeFirstOrThrow();
const patchOwn = (body: object) => insider.patch(`/api/admin/users/${insider.user.user_id}`, body);

describe('PATCH /api/admin/users/{own id}', () => {
  it.each([
    { balance: 999999 },
    { xp: 1000 },
    { status: 'pending' },
    { referredBy: 'ZZZZ9999' },
    { referredBy: '' },
  ])(
    'refuses %o with 403 own_account and changes nothing, not even the other fields',
    async (body) => {
      const before = await ownRow();
      const res = await patchOwn({ ...body, username: `${insider.user.username}-x` });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: OWN_ACCOUNT, code: 'own_account' });
      expect(await ownRow()).toEqual(before);
      expect(await userAudits(t, insider.user.user_id)).toEqual([]);
    },
  );

  it('lets the same values through (nothing changes) and the profile fields change', async () => {
    const same = await patchOwn({ balance: 10, xp: 5, status: 'active', referredBy: 'ABCD1234' });
    expect(same.statusCode, same.body).toBe(200);
    const renamed = await patchOwn({ username: `${insider.user.username}-renamed` });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().user).toMatchObject({ balance: 10, xp: 5, status: 'active' });
    expect((await ownRow()).username).toBe(`${insider.user.username}-renamed`);
  });

  it("still changes another user's balance", async () => {
    const player = await t.user({ balance: 10 });
    const res = await insider.patch(`/api/admin/users/${player.user_id}`, { balance: 20 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.balance).toBe(20);
  });
});
