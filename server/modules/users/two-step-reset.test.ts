import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressesFrom, signedIn, userAudits } from '../../test/client';
import { createTestContext, type TestContext } from '../../test/harness';
import { signInWithCode, turnOnTwoStep } from '../../test/two-step';

// An admin who lost their device: another admin holding users:admin turns their two-step
// sign-in off; their sessions end and they sign in with their password, to set it up again.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const nextIp = addressesFrom('10.25.0');

/** An admin with two-step sign-in on, signed in twice (with a code the second time). */
async function adminWithTwoStep(permissions?: string[]) {
  const ip = nextIp();
  const admin = await signedIn(t, permissions ? { permissions } : {}, ip);
  const on = await turnOnTwoStep(admin);
  const secondToken = await signInWithCode(t, admin.user, on.recoveryCodes[0] ?? '', ip);
  return { ...admin, ...on, secondToken };
}

const twoStepRows = async (userId: number) => ({
  secrets: (
    await t.db
      .selectFrom('two_step_secrets')
      .select('user_id')
      .where('user_id', '=', userId)
      .execute()
  ).length,
  recoveryCodes: (
    await t.db
      .selectFrom('recovery_codes')
      .select('user_id')
      .where('user_id', '=', userId)
      .execute()
  ).length,
});

const me = (token: string) =>
  t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });

describe('DELETE /api/admin/users/:id/two-step', () => {
  it('turns another admin’s two-step sign-in off, ends their sessions, and is audited', async () => {
    const resetter = await signedIn(t, { permissions: ['users:*'] }, nextIp());
    const target = await adminWithTwoStep(['users:read']);

    const res = await resetter.delete(`/api/admin/users/${target.user.user_id}/two-step`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      ok: true,
      user: { userId: target.user.user_id, twoStep: false },
    });

    for (const token of [target.token, target.secondToken]) {
      expect((await me(token)).statusCode).toBe(401);
    }
    expect(await twoStepRows(target.user.id)).toEqual({ secrets: 0, recoveryCodes: 0 });
    // The password alone signs them in again.
    expect(await t.login(target.user.username, target.user.password, nextIp())).toEqual(
      expect.any(String),
    );
    const audits = await userAudits(t, target.user.user_id);
    expect(audits.map((a) => a.action)).toEqual(['user.two_step_reset']);
    expect(audits[0]).toMatchObject({
      actor: resetter.user.username,
      after: { twoStep: false },
    });
    expect(JSON.stringify(audits)).not.toContain(target.secret);

    // The resetter's own session goes on.
    expect((await me(resetter.token)).statusCode).toBe(200);
    const again = await resetter.delete(`/api/admin/users/${target.user.user_id}/two-step`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('two_step_off');
  });

  it('refuses one’s own: 409, My account turns it off', async () => {
    const self = await adminWithTwoStep();
    const res = await self.delete(`/api/admin/users/${self.user.user_id}/two-step`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'Use My account to turn off your own two-step sign-in.',
      code: 'use_my_account',
    });
    expect(await twoStepRows(self.user.id)).toEqual({ secrets: 1, recoveryCodes: 10 });
    expect((await me(self.token)).statusCode).toBe(200);
  });

  it('needs users:admin, and all the target holds', async () => {
    const target = await adminWithTwoStep();
    const writer = await signedIn(t, { permissions: ['users:read', 'users:write'] }, nextIp());
    const lacking = await writer.delete(`/api/admin/users/${target.user.user_id}/two-step`);
    expect(lacking.statusCode).toBe(403);
    expect(lacking.json()).toMatchObject({ code: 'forbidden', permission: 'users:admin' });

    // users:admin alone may not reset an admin who holds everything.
    const lesser = await signedIn(t, { permissions: ['users:admin'] }, nextIp());
    const outranked = await lesser.delete(`/api/admin/users/${target.user.user_id}/two-step`);
    expect(outranked.statusCode).toBe(403);
    expect(outranked.json()).toMatchObject({ code: 'forbidden', permission: '*' });

    expect(await twoStepRows(target.user.id)).toEqual({ secrets: 1, recoveryCodes: 10 });
    expect((await me(target.token)).statusCode).toBe(200);
    expect(await userAudits(t, target.user.user_id)).toEqual([]);
  });
});

describe('the users list and detail', () => {
  it('show for each admin whether two-step sign-in is on', async () => {
    const viewer = await signedIn(t, {}, nextIp());
    const on = await adminWithTwoStep();
    const off = await signedIn(t, {}, nextIp());
    for (const [who, twoStep] of [
      [on, true],
      [off, false],
    ] as const) {
      const detail = await viewer.get(`/api/admin/users/${who.user.user_id}`);
      expect(detail.json().user.twoStep, who.user.username).toBe(twoStep);
      const list = await viewer.get(`/api/admin/users?q=${who.user.username}`);
      const [item] = list.json().items;
      expect(item).toMatchObject({ userId: who.user.user_id, twoStep });
    }
  });
});
