import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD_TEXTS as RULE } from '../../../contract/passwords';
import { addressesFrom, callsAs, signedIn } from '../../test/client';
import { createTestContext, type TestContext } from '../../test/harness';
import { challengeFor, turnOnTwoStep, verifyCode } from '../../test/two-step';
import { accountKey } from '../login-throttle';

// My account: one's own password, which needs the current one, and one's own sessions.
// Behind a sign-on proxy these routes answer 403 (proxy-sign-in.test.ts).

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const nextIp = addressesFrom('10.24.0');

const WRONG = {
  error: 'Current password is incorrect',
  code: 'wrong_password',
  fields: { currentPassword: 'Current password is incorrect' },
};

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:133.0) Gecko/20100101 Firefox/133.0';

/** Another session of the same account: signed in from `ip` with `userAgent`. */
async function anotherSession(
  user: { username: string; password: string },
  ip: string,
  userAgent?: string,
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { emailOrUsername: user.username, password: user.password },
    remoteAddress: ip,
    headers: userAgent ? { 'user-agent': userAgent } : {},
  });
  expect(res.statusCode).toBe(200);
  return callsAs(t.app, res.json().token, ip);
}

const isSignedIn = async (calls: ReturnType<typeof callsAs>) =>
  (await calls.get('/api/auth/me')).statusCode === 200;

describe('POST /api/auth/password', () => {
  it('changes the password with the current one, ending the other sessions but this one', async () => {
    const admin = await signedIn(t, {}, nextIp());
    const other = await anotherSession(admin.user, nextIp());
    const res = await admin.post('/api/auth/password', {
      currentPassword: admin.user.password,
      newPassword: 'brand-new-pass',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await isSignedIn(admin)).toBe(true);
    expect(await isSignedIn(other)).toBe(false);
    await expect(t.login(admin.user.username, admin.user.password)).rejects.toThrow(/401/);
    expect(await t.login(admin.user.username, 'brand-new-pass')).toEqual(expect.any(String));

    const audits = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', admin.user.user_id)
      .where('action', '=', 'auth.password_change')
      .execute();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actor: admin.user.username,
      after: { passwordChanged: true },
    });
    expect(JSON.stringify(audits)).not.toContain('brand-new-pass');
    expect(JSON.stringify(audits)).not.toContain(admin.user.password);
  });

  it('ends a sign-in halfway: the old password’s challenge no longer takes a code', async () => {
    const admin = await signedIn(t, {}, nextIp());
    const { recoveryCodes } = await turnOnTwoStep(admin);
    const challenge = await challengeFor(t, admin.user, nextIp());
    const res = await admin.post('/api/auth/password', {
      currentPassword: admin.user.password,
      newPassword: 'brand-new-pass',
    });
    expect(res.statusCode, res.body).toBe(200);
    const late = await verifyCode(t, challenge, recoveryCodes[0] ?? '', nextIp());
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe('challenge_expired');
  });

  it('refuses a wrong current password with 401, changing nothing', async () => {
    const admin = await signedIn(t, {}, nextIp());
    const other = await anotherSession(admin.user, nextIp());
    const res = await admin.post('/api/auth/password', {
      currentPassword: 'not-my-password',
      newPassword: 'brand-new-pass',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(WRONG);
    expect(await isSignedIn(admin)).toBe(true);
    expect(await isSignedIn(other)).toBe(true);
    expect(await t.login(admin.user.username, admin.user.password)).toEqual(expect.any(String));
  });

  it('counts a wrong current password against the sign-in limits', async () => {
    const ip = nextIp();
    const admin = await signedIn(t, {}, ip);
    // Nine failures of the address elsewhere, then the wrong current password: the tenth.
    for (let i = 0; i < 9; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { emailOrUsername: `nobody-${i}`, password: 'wrong' },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(401);
    }
    const body = { currentPassword: 'not-my-password', newPassword: 'brand-new-pass' };
    expect((await admin.post('/api/auth/password', body)).statusCode).toBe(401);
    const failures = await t.db
      .selectFrom('login_failures')
      .select('ip')
      .where('identifier', '=', accountKey(admin.user.id))
      .execute();
    expect(failures).toEqual([{ ip }]);

    const limited = await admin.post('/api/auth/password', {
      ...body,
      currentPassword: admin.user.password,
    });
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(limited.json()).toEqual({
      error: `Too many failed sign-in attempts. Try again in ${retryAfter} seconds.`,
      code: 'rate_limited',
    });
    await expect(t.login(admin.user.username, 'brand-new-pass', nextIp())).rejects.toThrow(/401/);
  });

  it('answers 401 without a session and 400 for a new password too short', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/api/auth/password' });
    expect(none.statusCode).toBe(401);
    const admin = await signedIn(t, {}, nextIp());
    const short = await admin.post('/api/auth/password', {
      currentPassword: admin.user.password,
      newPassword: '12345',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toHaveProperty('newPassword');
  });
});

describe('POST /api/auth/password: the admin password rules', () => {
  const refusal = (message: string) => ({
    error: message,
    code: 'invalid_input',
    fields: { newPassword: message },
  });

  it('refuses the current password in another case, a common one, one’s own names and a length out of 8 to 256, changing nothing', async () => {
    const admin = await signedIn(t, {}, nextIp());
    const other = await anotherSession(admin.user, nextIp());
    const { password, username, email } = admin.user;
    const attempts: [string, string][] = [
      [password, RULE.sameAsCurrent],
      [password.toUpperCase(), RULE.sameAsCurrent],
      ['Password1', RULE.tooCommon],
      [username, RULE.namesAccount],
      [email.toUpperCase(), RULE.namesAccount],
      ['seven-7', RULE.tooShort],
      ['x'.repeat(257), RULE.tooLong],
    ];
    for (const [newPassword, message] of attempts) {
      const res = await admin.post('/api/auth/password', {
        currentPassword: password,
        newPassword,
      });
      expect(res.statusCode, newPassword).toBe(400);
      expect(res.json()).toEqual(refusal(message));
    }
    // Nothing changed: the password still signs in, every session goes on, nothing audited.
    expect(await isSignedIn(other)).toBe(true);
    expect(await t.login(username, password, nextIp())).toEqual(expect.any(String));
    const changes = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', admin.user.user_id)
      .where('action', '=', 'auth.password_change')
      .execute();
    expect(changes).toEqual([]);
  });

  it('takes 8 characters, and 256', async () => {
    const admin = await signedIn(t, {}, nextIp());
    let current = admin.user.password;
    for (const newPassword of ['k7#mq2!x', 'k7'.repeat(128)]) {
      const res = await admin.post('/api/auth/password', { currentPassword: current, newPassword });
      expect(res.statusCode, res.body).toBe(200);
      current = newPassword;
    }
    expect(await t.login(admin.user.username, current, nextIp())).toEqual(expect.any(String));
  });
});

const sessionsEnded = (userId: string) =>
  t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity_id', '=', userId)
    .where('action', '=', 'auth.sessions_end')
    .execute();

describe('sessions', () => {
  it('lists the admin’s own live sessions, this one first, with the browser and the address', async () => {
    const user = await t.user({ admin: true });
    const [firefoxIp, chromeIp] = [nextIp(), nextIp()];
    const older = await anotherSession(user, firefoxIp, FIREFOX);
    const current = await anotherSession(user, chromeIp, CHROME);
    const ended = await anotherSession(user, nextIp());
    await ended.post('/api/auth/logout', undefined);
    await signedIn(t, {}, nextIp());

    const res = await current.get('/api/auth/sessions');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toEqual([
      {
        id: expect.stringMatching(/^\d+$/),
        createdAt: expect.any(String),
        lastSeenAt: expect.any(String),
        expiresAt: expect.any(String),
        ip: chromeIp,
        browser: 'Chrome 131 on Windows',
        userAgent: CHROME,
        current: true,
      },
      expect.objectContaining({
        ip: firefoxIp,
        browser: 'Firefox 133 on macOS',
        userAgent: FIREFOX,
        current: false,
      }),
    ]);
    for (const session of data) {
      expect(Date.parse(session.createdAt)).toBeLessThanOrEqual(Date.parse(session.lastSeenAt));
    }
    // Seen from the other one, that one is this device.
    const fromOlder = (await older.get('/api/auth/sessions')).json().data;
    expect(fromOlder.map((s: { id: string; current: boolean }) => [s.id, s.current])).toEqual([
      [data[1].id, true],
      [data[0].id, false],
    ]);
  });

  it('ends one of the admin’s other sessions: its next request is 401', async () => {
    const user = await t.user({ admin: true });
    const here = await anotherSession(user, nextIp(), CHROME);
    const there = await anotherSession(user, nextIp(), FIREFOX);
    const { data } = (await here.get('/api/auth/sessions')).json();
    const thereId = data.find((s: { current: boolean }) => !s.current).id;

    const res = await here.delete(`/api/auth/sessions/${thereId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, ended: 1 });
    expect(await isSignedIn(there)).toBe(false);
    expect(await isSignedIn(here)).toBe(true);
    expect((await here.get('/api/auth/sessions')).json().data).toHaveLength(1);
    const audits = await sessionsEnded(user.user_id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actor: user.username, after: { ended: 1 } });

    const again = await here.delete(`/api/auth/sessions/${thereId}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('not_found');
    expect(await sessionsEnded(user.user_id)).toHaveLength(1);
  });

  it('answers 404 for another admin’s session, which goes on', async () => {
    const mine = await signedIn(t, {}, nextIp());
    const theirs = await signedIn(t, {}, nextIp());
    const [their] = (await theirs.get('/api/auth/sessions')).json().data;
    for (const id of [their.id, '999999999']) {
      const res = await mine.delete(`/api/auth/sessions/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    expect(await isSignedIn(theirs)).toBe(true);
    expect(await isSignedIn(mine)).toBe(true);
    expect(await sessionsEnded(mine.user.user_id)).toEqual([]);
  });

  it('signs out everywhere else: every other session ends, this one goes on', async () => {
    const user = await t.user({ admin: true });
    const here = await anotherSession(user, nextIp(), CHROME);
    const others = [
      await anotherSession(user, nextIp(), FIREFOX),
      await anotherSession(user, nextIp()),
    ];
    const someoneElse = await signedIn(t, {}, nextIp());

    const res = await here.delete('/api/auth/sessions');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, ended: 2 });
    for (const other of others) expect(await isSignedIn(other)).toBe(false);
    expect(await isSignedIn(here)).toBe(true);
    expect(await isSignedIn(someoneElse)).toBe(true);
    expect((await here.get('/api/auth/sessions')).json().data).toHaveLength(1);

    const again = await here.delete('/api/auth/sessions');
    expect(again.json()).toEqual({ ok: true, ended: 0 });
    const audits = await sessionsEnded(user.user_id);
    expect(audits.map((a) => a.after)).toEqual([{ ended: 2 }]);
  });

  it('answers 401 without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/auth/sessions'],
      ['DELETE', '/api/auth/sessions'],
      ['DELETE', '/api/auth/sessions/1'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
