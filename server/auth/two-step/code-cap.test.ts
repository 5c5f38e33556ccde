import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tooManyCodes } from '../../../contract/two-step';
import { addressesFrom, callsAs, signedIn, signedInWithTwoStep } from '../../test/client';
import { auditsOf } from '../../test/crud';
import { bearer, createTestContext, siblingApp, type TestContext } from '../../test/harness';
import {
  appCode,
  challengeFor,
  signInWithCode,
  startSetup,
  turnOffWith,
  verifyCode,
  wrongCode,
} from '../../test/two-step';
import { accountKey } from '../login-throttle';

// The attacker knows the password and guesses codes from many addresses: after 10 wrong codes
// on one account within 15 minutes, every code of that account waits, whatever the address.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const nextIp = addressesFrom('10.24.0');

const WINDOW_SECONDS = 15 * 60;

function expectTooManyCodes(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  // The window is counted from the wrong codes just typed: most of it is still to run.
  expect(retryAfter).toBeGreaterThan(WINDOW_SECONDS - 120);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
  expect(res.json()).toEqual({ error: tooManyCodes(retryAfter), code: 'too_many_codes' });
}

const codeFailures = async (userId: number) =>
  (
    await t.db
      .selectFrom('two_step_code_failures')
      .select('id')
      .where('user_id', '=', userId)
      .execute()
  ).length;

/** As if the window had passed: every limit's record of these failures is 15 minutes older. */
async function letWindowPass(userId: number) {
  const older = sql<Date>`at - interval '15 minutes 1 second'`;
  await t.db
    .updateTable('two_step_code_failures')
    .set({ at: older })
    .where('user_id', '=', userId)
    .execute();
  // Its time of creation is no column the app updates: moved back here only.
  await sql`UPDATE login_failures SET at = at - interval '15 minutes 1 second'
    WHERE identifier = ${accountKey(userId)}`.execute(t.db);
}

const auditsOfAction = async (userId: string, action: string) =>
  (await auditsOf(t, 'user', userId)).filter((row) => row.action === action);

describe('the cap on wrong codes', () => {
  it('after 10 wrong codes from 10 addresses, refuses the right code from an 11th on verify and disable', async () => {
    const owner = await signedInWithTwoStep(t, nextIp());
    const addresses = Array.from({ length: 10 }, () => nextIp());
    // The password is known: a challenge from each address, then a wrong code from each.
    const challenges = [];
    for (const ip of addresses) challenges.push(await challengeFor(t, owner.user, ip));
    for (const [i, ip] of addresses.entries()) {
      const res = await verifyCode(t, challenges[i] ?? '', wrongCode(owner.secret), ip);
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().code).toBe('invalid_code');
    }
    expect(await codeFailures(owner.user.id)).toBe(10);

    const fresh = nextIp();
    const right = await verifyCode(t, challenges[0] ?? '', appCode(owner.secret, 1), fresh);
    expectTooManyCodes(right);
    // The owner's own session, with the password and a recovery code: the same answer.
    const [recovery = ''] = owner.recoveryCodes;
    expectTooManyCodes(await turnOffWith(owner, recovery));
    // Nothing was looked at: nothing spent, nothing more counted.
    expect(await codeFailures(owner.user.id)).toBe(10);
    expect((await owner.get('/api/auth/2fa')).json()).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
    });

    // Once the window has passed, the right code signs in again.
    await letWindowPass(owner.user.id);
    const after = await verifyCode(t, challenges[0] ?? '', appCode(owner.secret, 1), fresh);
    expect(after.statusCode, after.body).toBe(200);
  });

  it('refuses the right code to turn two-step on after 10 wrong ones', async () => {
    const admin = await signedIn(t, {}, nextIp());
    const { secret } = (await startSetup(admin)).json();
    for (let i = 0; i < 10; i++) {
      const from = callsAs(t.app, admin.token, nextIp());
      const res = await from.post('/api/auth/2fa/enable', { code: wrongCode(secret) });
      expect(res.statusCode, res.body).toBe(401);
    }
    const elsewhere = callsAs(t.app, admin.token, nextIp());
    expectTooManyCodes(await elsewhere.post('/api/auth/2fa/enable', { code: appCode(secret) }));
    expect((await admin.get('/api/auth/2fa')).json().enabled).toBe(false);
    // Codes typed in one's own session are no sign of a known password: no warning.
    expect((await admin.get('/api/auth/2fa/warning')).json()).toEqual({ warning: null });
    expect(await auditsOfAction(admin.user.user_id, 'auth.two_step_codes_wrong')).toEqual([]);

    await letWindowPass(admin.user.id);
    const on = await elsewhere.post('/api/auth/2fa/enable', { code: appCode(secret) });
    expect(on.statusCode, on.body).toBe(200);
  });

  it('evaluates at most 10 of 20 wrong codes sent at once from 20 addresses to two instances', async () => {
    const other = await siblingApp(t);
    const owner = await signedInWithTwoStep(t, nextIp());
    const challenge = await challengeFor(t, owner.user, nextIp());
    const instances = [t, { app: other }];
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        verifyCode(instances[i % 2] ?? t, challenge, wrongCode(owner.secret), nextIp()),
      ),
    );
    await other.close();
    const evaluated = burst.filter((res) => res.statusCode === 401);
    const refused = burst.filter((res) => res.statusCode === 429);
    expect(evaluated.length + refused.length).toBe(20);
    expect(evaluated.length).toBeLessThanOrEqual(10);
    for (const res of refused) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await codeFailures(owner.user.id)).toBe(evaluated.length);
    const failed = await auditsOfAction(owner.user.user_id, 'auth.login_failed');
    expect(failed).toHaveLength(evaluated.length);
  });
});

describe('the owner’s warning', () => {
  it('says when and from where wrong codes came after a right password, on the next sign-in and on My account', async () => {
    const owner = await signedInWithTwoStep(t, nextIp());
    const [first, second] = [nextIp(), nextIp()];
    const before = Date.now();
    const challenge = await challengeFor(t, owner.user, first);
    for (const ip of [first, first, second]) {
      expect((await verifyCode(t, challenge, wrongCode(owner.secret), ip)).statusCode).toBe(401);
    }

    // One audit row for the guessing, from the address it began at, by nobody signed in.
    const rows = await auditsOfAction(owner.user.user_id, 'auth.two_step_codes_wrong');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_id: null, actor: null, ip: first, after: null });
    // Each code is a failed sign-in as before.
    expect(await auditsOfAction(owner.user.user_id, 'auth.login_failed')).toHaveLength(3);

    // The owner signs in (their code) and is told.
    const token = await signInWithCode(t, owner.user, appCode(owner.secret, 1), nextIp());
    const read = () =>
      t.app.inject({ url: '/api/auth/2fa/warning', headers: bearer(token) }).then((r) => r.json());
    const { warning } = await read();
    expect(warning).toEqual({
      firstAt: expect.any(String),
      lastAt: expect.any(String),
      ip: second,
      wrongCodes: 3,
    });
    for (const at of [warning.firstAt, warning.lastAt]) {
      expect(Date.parse(at)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(at)).toBeLessThanOrEqual(Date.now() + 1000);
    }
    expect(Date.parse(warning.lastAt)).toBeGreaterThanOrEqual(Date.parse(warning.firstAt));
    // Another admin sees no warning of theirs.
    const other = await signedIn(t, {}, nextIp());
    expect((await other.get('/api/auth/2fa/warning')).json()).toEqual({ warning: null });

    // Dismissed, it is gone for every session of the owner's.
    const dismissed = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/2fa/warning',
      headers: bearer(token),
    });
    expect(dismissed.json()).toEqual({ ok: true });
    expect((await owner.get('/api/auth/2fa/warning')).json()).toEqual({ warning: null });

    // Guessing again, once the window has passed, opens a new one and writes a new row.
    await letWindowPass(owner.user.id);
    await t.db
      .updateTable('two_step_warnings')
      .set({ last_at: sql<Date>`now() - interval '1 hour'` })
      .where('user_id', '=', owner.user.id)
      .execute();
    const again = await challengeFor(t, owner.user, nextIp());
    const third = nextIp();
    expect((await verifyCode(t, again, wrongCode(owner.secret), third)).statusCode).toBe(401);
    expect((await read()).warning).toMatchObject({ ip: third, wrongCodes: 1 });
    expect(await auditsOfAction(owner.user.user_id, 'auth.two_step_codes_wrong')).toHaveLength(2);
  });

  it('goes once the owner changes the password', async () => {
    const owner = await signedInWithTwoStep(t, nextIp());
    const challenge = await challengeFor(t, owner.user, nextIp());
    expect((await verifyCode(t, challenge, wrongCode(owner.secret), nextIp())).statusCode).toBe(
      401,
    );
    expect((await owner.get('/api/auth/2fa/warning')).json().warning).not.toBeNull();
    const changed = await owner.post('/api/auth/password', {
      currentPassword: owner.user.password,
      newPassword: 'a-new-long-passphrase-42',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await owner.get('/api/auth/2fa/warning')).json()).toEqual({ warning: null });
  });
});
