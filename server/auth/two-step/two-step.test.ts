import { sql } from 'kysely';
import { URI } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressesFrom, callsAs, signedIn, signedInWithTwoStep } from '../../test/client';
import { auditsOf as auditsOfRecord } from '../../test/crud';
import { bearer, createTestContext, type TestContext } from '../../test/harness';
import {
  appCode,
  challengeFor,
  passwordLogin,
  startSetup,
  turnOffWith,
  turnOnTwoStep,
  verifyCode,
  wrongCode,
} from '../../test/two-step';

// Two-step sign-in (TOTP): set-up, turning on and off, and the code step of a sign-in.
// The sign-in limits are in two-step-limits.test.ts, what is kept secret in
// two-step-secrecy.test.ts, REQUIRE_2FA in require-two-step.test.ts.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const nextIp = addressesFrom('10.20.0');

const INVALID_CODE = { error: 'Invalid code', code: 'invalid_code' };
const EXPIRED = { error: 'This sign-in has expired. Sign in again.', code: 'challenge_expired' };

/** An admin signed in from an address of their own, with two-step sign-in on. */
const adminWithTwoStep = () => signedInWithTwoStep(t, nextIp());

/** The user's audit rows of one action, oldest first. */
const auditsOf = async (userId: string, action: string) =>
  (await auditsOfRecord(t, 'user', userId)).filter((row) => row.action === action);

const sessionCount = async (userId: number) =>
  (await t.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).length;

describe('setting up two-step sign-in', () => {
  it('answers a secret to add to an app, and turns on with the app’s code', async () => {
    const admin = await signedIn(t, {}, nextIp());
    expect((await admin.get('/api/auth/2fa')).json()).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
      required: false,
    });

    const setup = await startSetup(admin);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl } = setup.json();
    expect(Object.keys(setup.json()).sort()).toEqual(['otpauthUrl', 'secret']);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(URI.parse(otpauthUrl)).toMatchObject({
      issuer: 'Rewards Admin',
      label: admin.user.username,
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
      secret: { base32: secret },
    });
    // Not in force until a code confirms it: the password alone still signs in.
    expect((await admin.get('/api/auth/2fa')).json().enabled).toBe(false);
    expect(await t.login(admin.user.username, admin.user.password)).toEqual(expect.any(String));

    const enabled = await admin.post('/api/auth/2fa/enable', { code: appCode(secret) });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { recoveryCodes } = enabled.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);

    const status = (await admin.get('/api/auth/2fa')).json();
    expect(status).toEqual({
      enabled: true,
      enabledAt: expect.any(String),
      recoveryCodesLeft: 10,
      required: false,
    });
    expect(Number.isNaN(Date.parse(status.enabledAt))).toBe(false);
    expect((await admin.get('/api/auth/me')).json()).toMatchObject({
      user: { twoStep: true },
      twoStepSetupRequired: false,
    });
    // The audit says that it happened, nothing more.
    const audits = await auditsOf(admin.user.user_id, 'auth.two_step_enabled');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actor: admin.user.username,
      entity: 'user',
      before: null,
      after: null,
    });

    // Once on, a new set-up needs it turned off first.
    for (const [url, body] of [
      ['/api/auth/2fa/setup', { currentPassword: admin.user.password }],
      ['/api/auth/2fa/enable', { code: appCode(secret, 1) }],
    ] as const) {
      const again = await admin.post(url, body);
      expect(again.statusCode, url).toBe(409);
      expect(again.json().code, url).toBe('two_step_on');
    }
  });

  it('turns on only with the code of the latest set-up, and only after one', async () => {
    const admin = await signedIn(t, {}, nextIp());
    const early = await admin.post('/api/auth/2fa/enable', { code: '123456' });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('setup_not_started');

    const first = (await startSetup(admin)).json().secret;
    const second = (await startSetup(admin)).json().secret;
    expect(second).not.toBe(first);
    for (const code of [wrongCode(second), appCode(first), 'abcd-efgh-ijkl-mnop']) {
      const res = await admin.post('/api/auth/2fa/enable', { code });
      expect(res.statusCode, code).toBe(401);
      expect(res.json()).toEqual(INVALID_CODE);
    }
    expect((await admin.get('/api/auth/2fa')).json().enabled).toBe(false);
    expect(await auditsOf(admin.user.user_id, 'auth.two_step_enabled')).toEqual([]);

    const res = await admin.post('/api/auth/2fa/enable', { code: appCode(second) });
    expect(res.statusCode).toBe(200);
  });

  it('turns off with a new code or a recovery code, deleting the secret and the codes', async () => {
    const admin = await adminWithTwoStep();
    for (const code of [wrongCode(admin.secret), admin.code, 'abcd-efgh-ijkl-mnop']) {
      const refused = await turnOffWith(admin, code);
      expect(refused.statusCode, code).toBe(401);
      expect(refused.json()).toEqual(INVALID_CODE);
    }
    expect((await admin.get('/api/auth/2fa')).json().enabled).toBe(true);

    const res = await turnOffWith(admin, appCode(admin.secret, 1));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await admin.get('/api/auth/2fa')).json()).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
      required: false,
    });
    for (const table of ['two_step_secrets', 'recovery_codes'] as const) {
      const rows = await t.db
        .selectFrom(table)
        .selectAll()
        .where('user_id', '=', admin.user.id)
        .execute();
      expect(rows, table).toEqual([]);
    }
    const audits = await auditsOf(admin.user.user_id, 'auth.two_step_disabled');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actor: admin.user.username, before: null, after: null });
    // The password alone signs in again.
    expect(await t.login(admin.user.username, admin.user.password)).toEqual(expect.any(String));

    const again = await turnOffWith(admin, appCode(admin.secret, 1));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('two_step_off');

    const other = await adminWithTwoStep();
    const [recovery = ''] = other.recoveryCodes;
    expect((await turnOffWith(other, recovery)).statusCode).toBe(200);
  });

  it('answers 401 without a session, even before reading the body', async () => {
    for (const [method, url] of [
      ['GET', '/api/auth/2fa'],
      ['POST', '/api/auth/2fa/setup'],
      ['POST', '/api/auth/2fa/enable'],
      ['POST', '/api/auth/2fa/disable'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(401);
    }
    const admin = await signedIn(t, {}, nextIp());
    const extra = await admin.post('/api/auth/2fa/enable', { code: '123456', secret: 'A' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().fields).toEqual({ secret: 'Unknown field' });
  });
});

describe('turning two-step sign-in on', () => {
  it('ends the account’s other sessions: one opened with a password alone goes', async () => {
    const admin = await signedIn(t, {}, nextIp());
    const elsewhere = await t.login(admin.user.username, admin.user.password, nextIp());
    const other = callsAs(t.app, elsewhere, nextIp());
    expect((await other.get('/api/admin/ping')).statusCode).toBe(200);
    await turnOnTwoStep(admin);
    expect((await other.get('/api/admin/ping')).statusCode).toBe(401);
    expect((await admin.get('/api/admin/ping')).statusCode).toBe(200);
  });
});

describe('signing in with two-step sign-in on', () => {
  it('answers a challenge and no token for the right password, then a token for the code', async () => {
    const admin = await adminWithTwoStep();
    const sessions = await sessionCount(admin.user.id);
    const logins = (await auditsOf(admin.user.user_id, 'auth.login')).length;

    const login = await passwordLogin(t, admin.user, admin.ip);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ mfaRequired: true, challenge: expect.any(String) });
    const { challenge } = login.json();
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await sessionCount(admin.user.id)).toBe(sessions);
    expect(await auditsOf(admin.user.user_id, 'auth.login')).toHaveLength(logins);
    // Kept as a hash only, as a session token is.
    const stored = await t.db.selectFrom('sign_in_challenges').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(challenge);

    const res = await verifyCode(t, challenge, appCode(admin.secret, 1), admin.ip);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['token', 'user']);
    expect(body.user).toMatchObject({ userId: admin.user.user_id, twoStep: true });
    expect(await sessionCount(admin.user.id)).toBe(sessions + 1);
    const ping = await t.app.inject({ url: '/api/admin/ping', headers: bearer(body.token) });
    expect(ping.statusCode).toBe(200);
    const audits = await auditsOf(admin.user.user_id, 'auth.login');
    expect(audits.at(-1)).toMatchObject({
      actor: admin.user.username,
      after: { with: 'two-step code' },
    });
  });

  it('refuses a wrong code with 401 Invalid code; the challenge waits for the right one', async () => {
    const admin = await adminWithTwoStep();
    const challenge = await challengeFor(t, admin.user, admin.ip);
    const wrong = await verifyCode(t, challenge, wrongCode(admin.secret), admin.ip);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(INVALID_CODE);
    expect(await auditsOf(admin.user.user_id, 'auth.login_failed')).toHaveLength(1);

    const right = await verifyCode(t, challenge, appCode(admin.secret, 1), admin.ip);
    expect(right.statusCode).toBe(200);
  });

  it('refuses a code already used in its window: the one that turned it on, one that signed in', async () => {
    const admin = await adminWithTwoStep();
    const challenge = await challengeFor(t, admin.user, admin.ip);
    const replayed = await verifyCode(t, challenge, admin.code, admin.ip);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toEqual(INVALID_CODE);

    const next = appCode(admin.secret, 1);
    expect((await verifyCode(t, challenge, next, admin.ip)).statusCode).toBe(200);
    const another = await challengeFor(t, admin.user, admin.ip);
    // The code just used, and the current one (older than it), are both spent.
    for (const code of [next, appCode(admin.secret)]) {
      const res = await verifyCode(t, another, code, admin.ip);
      expect(res.statusCode, code).toBe(401);
      expect(res.json()).toEqual(INVALID_CODE);
    }
  });

  // From two addresses: the sign-ins of one address already run one at a time.
  it('lets one of two sign-ins at once with the same code through', async () => {
    const admin = await adminWithTwoStep();
    const ips = [nextIp(), nextIp()];
    const challenges = await Promise.all(ips.map((ip) => challengeFor(t, admin.user, ip)));
    const code = appCode(admin.secret, 1);
    const answers = await Promise.all(
      challenges.map((challenge, i) => verifyCode(t, challenge, code, ips[i])),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 401]);
  });

  it('lets one of two sign-ins at once with the same recovery code through', async () => {
    const admin = await adminWithTwoStep();
    const [recovery = ''] = admin.recoveryCodes;
    const ips = [nextIp(), nextIp()];
    const challenges = await Promise.all(ips.map((ip) => challengeFor(t, admin.user, ip)));
    const answers = await Promise.all(
      challenges.map((challenge, i) => verifyCode(t, challenge, recovery, ips[i])),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 401]);
  });

  it('signs in once for one challenge given two right codes at once', async () => {
    const admin = await adminWithTwoStep();
    const challenge = await challengeFor(t, admin.user, admin.ip);
    const [first = '', second = ''] = admin.recoveryCodes;
    const answers = await Promise.all(
      [first, second].map((code) => verifyCode(t, challenge, code, nextIp())),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 401]);
    expect(answers.find((res) => res.statusCode === 401)?.json()).toEqual(EXPIRED);
  });

  it('takes each recovery code once, typed in any case, with or without dashes', async () => {
    const admin = await adminWithTwoStep();
    const [first = '', second = ''] = admin.recoveryCodes;
    const typed = first.toUpperCase().replaceAll('-', ' ');
    const res = await verifyCode(t, await challengeFor(t, admin.user, admin.ip), typed, admin.ip);
    expect(res.statusCode, res.body).toBe(200);
    const audits = await auditsOf(admin.user.user_id, 'auth.login');
    expect(audits.at(-1)?.after).toEqual({ with: 'recovery code' });
    const status = await t.app.inject({ url: '/api/auth/2fa', headers: bearer(res.json().token) });
    expect(status.json().recoveryCodesLeft).toBe(9);

    const reused = await verifyCode(
      t,
      await challengeFor(t, admin.user, admin.ip),
      first,
      admin.ip,
    );
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual(INVALID_CODE);

    // Another admin's recovery code is no code of this one's.
    const other = await adminWithTwoStep();
    const foreign = other.recoveryCodes[0] ?? '';
    const challenge = await challengeFor(t, admin.user, admin.ip);
    expect((await verifyCode(t, challenge, foreign, admin.ip)).statusCode).toBe(401);
    expect((await verifyCode(t, challenge, second, admin.ip)).statusCode).toBe(200);
  });

  it('answers 401 challenge_expired for an expired, used or unknown challenge', async () => {
    const admin = await adminWithTwoStep();
    const code = appCode(admin.secret, 1);

    const expired = await challengeFor(t, admin.user, admin.ip);
    await t.db
      .updateTable('sign_in_challenges')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('user_id', '=', admin.user.id)
      .execute();
    const late = await verifyCode(t, expired, code, admin.ip);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual(EXPIRED);

    // The code was not looked at: it still signs in, once, with a new challenge.
    const challenge = await challengeFor(t, admin.user, admin.ip);
    expect((await verifyCode(t, challenge, code, admin.ip)).statusCode).toBe(200);
    const [recovery = ''] = admin.recoveryCodes;
    const used = await verifyCode(t, challenge, recovery, admin.ip);
    expect(used.statusCode).toBe(401);
    expect(used.json()).toEqual(EXPIRED);

    const unknown = await verifyCode(t, 'no-such-challenge', recovery, admin.ip);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(EXPIRED);

    // Neither spent the recovery code.
    expect((await admin.get('/api/auth/2fa')).json().recoveryCodesLeft).toBe(10);
  });

  it('lives five minutes, and ends when the account is disabled or two-step turned off', async () => {
    const admin = await adminWithTwoStep();
    const [recovery = ''] = admin.recoveryCodes;
    const before = Date.now();
    const challenge = await challengeFor(t, admin.user, admin.ip);
    const row = await t.db
      .selectFrom('sign_in_challenges')
      .select(['expires_at', 'used_at'])
      .where('user_id', '=', admin.user.id)
      .executeTakeFirstOrThrow();
    expect(row.used_at).toBeNull();
    expect(row.expires_at.getTime()).toBeGreaterThanOrEqual(before + 5 * 60_000 - 1000);
    expect(row.expires_at.getTime()).toBeLessThanOrEqual(Date.now() + 5 * 60_000 + 1000);

    expect((await turnOffWith(admin, recovery)).statusCode).toBe(200);
    const off = await verifyCode(t, challenge, appCode(admin.secret, 1), admin.ip);
    expect(off.statusCode).toBe(401);
    expect(off.json()).toEqual(EXPIRED);
    // Nor does it come back with two-step turned on again within its five minutes.
    const again = await turnOnTwoStep(admin);
    const revived = await verifyCode(t, challenge, again.recoveryCodes[0] ?? '', admin.ip);
    expect(revived.statusCode).toBe(401);
    expect(revived.json()).toEqual(EXPIRED);

    const other = await adminWithTwoStep();
    const pending = await challengeFor(t, other.user, other.ip);
    await t.db
      .updateTable('users')
      .set({ status: 'disabled' })
      .where('id', '=', other.user.id)
      .execute();
    const disabled = await verifyCode(t, pending, appCode(other.secret, 1), other.ip);
    expect(disabled.statusCode).toBe(401);
    expect(disabled.json()).toEqual(EXPIRED);
  });
});
