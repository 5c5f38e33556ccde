import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountFailures,
  addressesFrom,
  callsAs,
  signedIn,
  signedInWithTwoStep,
} from '../../test/client';
import { createTestContext, type TestContext } from '../../test/harness';
import { appCode, startSetup, turnOffWith } from '../../test/two-step';

// A thief holding only a session token (no password) plays against set-up and turning off, and
// a second session of the same account against a set-up the first one started.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const nextIp = addressesFrom('10.23.0');

const WRONG_PASSWORD = {
  error: 'Current password is incorrect',
  code: 'wrong_password',
  fields: { currentPassword: 'Current password is incorrect' },
};
const MISSING_PASSWORD = {
  error: 'Current password is required',
  code: 'invalid_input',
  fields: { currentPassword: 'Current password is required' },
};

const setupsOf = (userId: number) =>
  t.db.selectFrom('two_step_setups').selectAll().where('user_id', '=', userId).execute();

describe('a thief with a session token and no password', () => {
  it('cannot set up two-step sign-in: missing 400, wrong 401 counted as a wrong password', async () => {
    const owner = await signedIn(t, {}, nextIp());
    const thief = callsAs(t.app, owner.token, nextIp());

    for (const body of [undefined, {}, { currentPassword: '' }]) {
      const res = await thief.post('/api/auth/2fa/setup', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual(MISSING_PASSWORD);
    }
    for (const guess of ['password', owner.user.password.toUpperCase()]) {
      const res = await thief.post('/api/auth/2fa/setup', { currentPassword: guess });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(WRONG_PASSWORD);
    }
    // Counted as /auth/password counts a wrong current password: against the account.
    expect(await accountFailures(t, owner.user.id)).toBe(2);
    expect(await setupsOf(owner.user.id)).toEqual([]);
    expect((await owner.get('/api/auth/2fa')).json().enabled).toBe(false);
    // Nothing set up: a code of any secret turns nothing on.
    const enable = await thief.post('/api/auth/2fa/enable', { code: '123456' });
    expect(enable.statusCode).toBe(409);
    expect(enable.json().code).toBe('setup_not_started');
  });

  it('meets the sign-in limits after wrong passwords to set up: 429 with Retry-After', async () => {
    const owner = await signedIn(t, {}, nextIp());
    const ip = nextIp();
    const thief = callsAs(t.app, owner.token, ip);
    for (let i = 0; i < 10; i++) {
      const res = await thief.post('/api/auth/2fa/setup', { currentPassword: `guess-${i}` });
      expect(res.statusCode).toBe(401);
    }
    const limited = await thief.post('/api/auth/2fa/setup', {
      currentPassword: owner.user.password,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await setupsOf(owner.user.id)).toEqual([]);
  });

  it('cannot turn two-step sign-in off with a code alone: the password is needed too', async () => {
    const owner = await signedInWithTwoStep(t, nextIp());
    const thief = callsAs(t.app, owner.token, nextIp());
    const [recovery = ''] = owner.recoveryCodes;

    const missing = await thief.post('/api/auth/2fa/disable', { code: recovery });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual(MISSING_PASSWORD);
    const noCode = await thief.post('/api/auth/2fa/disable', {
      currentPassword: owner.user.password,
    });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().fields).toEqual({ code: 'Code is required' });

    const failuresBefore = await accountFailures(t, owner.user.id);
    const wrong = await thief.post('/api/auth/2fa/disable', {
      code: recovery,
      currentPassword: 'stolen-session-guess',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(WRONG_PASSWORD);
    expect(await accountFailures(t, owner.user.id)).toBe(failuresBefore + 1);
    // Still on, and the recovery code was not looked at: it was not spent.
    expect((await owner.get('/api/auth/2fa')).json()).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    // A wrong password is no wrong code: the account's cap on codes does not count it.
    const codeFailures = await t.db
      .selectFrom('two_step_code_failures')
      .select('id')
      .where('user_id', '=', owner.user.id)
      .execute();
    expect(codeFailures).toEqual([]);

    // The owner, with both, turns it off.
    expect((await turnOffWith(owner, recovery)).statusCode).toBe(200);
  });
});

describe('a set-up in progress', () => {
  it('belongs to its session: another session neither turns it on nor replaces it', async () => {
    const first = await signedIn(t, {}, nextIp());
    const secondToken = await t.login(first.user.username, first.user.password, nextIp());
    const second = { ...callsAs(t.app, secondToken, nextIp()), user: first.user };

    const { secret } = (await startSetup(first)).json();
    // The second session cannot turn on the first one's set-up, even with its right code.
    const stolen = await second.post('/api/auth/2fa/enable', { code: appCode(secret) });
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().code).toBe('setup_not_started');

    // Its own set-up is its own: the first session's stays as it was.
    const other = (await startSetup(second)).json().secret;
    expect(other).not.toBe(secret);
    expect(await setupsOf(first.user.id)).toHaveLength(2);
    const foreign = await first.post('/api/auth/2fa/enable', { code: appCode(other) });
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json().code).toBe('invalid_code');

    const enabled = await first.post('/api/auth/2fa/enable', { code: appCode(secret) });
    expect(enabled.statusCode, enabled.body).toBe(200);
    // Turning on ended the other session and every set-up.
    expect(await setupsOf(first.user.id)).toEqual([]);
    expect((await second.get('/api/auth/2fa')).statusCode).toBe(401);
  });

  it('ends with the session that started it', async () => {
    const admin = await signedIn(t, {}, nextIp());
    await startSetup(admin);
    expect(await setupsOf(admin.user.id)).toHaveLength(1);
    expect((await admin.post('/api/auth/logout', undefined)).statusCode).toBe(200);
    const token = await t.login(admin.user.username, admin.user.password, nextIp());
    const again = callsAs(t.app, token, nextIp());
    const res = await again.post('/api/auth/2fa/enable', { code: '123456' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('setup_not_started');
  });
});
