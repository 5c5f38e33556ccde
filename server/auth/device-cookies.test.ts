import { setTimeout as sleep } from 'node:timers/promises';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountFailures,
  addressesFrom,
  lockWaiters,
  signedIn,
  signedInWithTwoStep,
} from '../test/client';
import { createTestContext, siblingApp, type TestContext } from '../test/harness';
import { appCode, letCodesAge, wrongCode } from '../test/two-step';
import { accountKey } from './login-throttle';
import { hashPassword } from './passwords';
import { hashToken } from './sessions';

// Device cookies (OWASP): the browser that signed in to an account keeps signing in while
// strangers guess that account's password; whoever lacks it is slowed fairly.

let t: TestContext;
beforeAll(async () => {
  // As behind a proxy, so every attacker gets an address of its own from X-Forwarded-For.
  t = await createTestContext({ trustProxy: 1 });
});
afterAll(() => t.close());

const nextIp = addressesFrom('10.77.0');

const login = (
  user: { username: string; password: string },
  ip: string,
  device?: string,
  password = user.password,
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-forwarded-for': ip, ...(device && { cookie: `device=${device}` }) },
    payload: { emailOrUsername: user.username, password },
  });

/** The device cookie an answer sets: its value and its attributes. */
function deviceCookie(res: LightMyRequestResponse) {
  const header = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('device='));
  if (!header) return undefined;
  const [pair = '', ...attributes] = header.split('; ');
  return { value: pair.slice('device='.length), attributes };
}

/** Signs in once, as the owner's browser did before the trouble began: its device cookie. */
async function ownersBrowser(user: { username: string; password: string }) {
  const res = await login(user, nextIp());
  expect(res.statusCode, res.body).toBe(200);
  const cookie = deviceCookie(res)?.value;
  if (!cookie) throw new Error('no device cookie');
  return cookie;
}

const devicesOf = (userId: number) =>
  t.db.selectFrom('device_cookies').selectAll().where('user_id', '=', userId).execute();

const failedAddresses = async (userId: number) =>
  (
    await t.db
      .selectFrom('login_failures')
      .select('ip')
      .distinct()
      .where('identifier', '=', accountKey(userId))
      .execute()
  ).length;

describe('the device cookie', () => {
  it('is set by a right password: random, HttpOnly, SameSite=Strict, 180 days, for the sign-in routes only, stored as a hash', async () => {
    const admin = await t.user({ admin: true });
    const res = await login(admin, nextIp());
    expect(res.statusCode).toBe(200);
    const cookie = deviceCookie(res);
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.attributes).toEqual([
      'Path=/api/auth',
      'Max-Age=15552000',
      'HttpOnly',
      'SameSite=Strict',
    ]);
    const [stored] = await devicesOf(admin.id);
    expect(stored?.token_hash).toEqual(hashToken(cookie?.value ?? ''));
    expect(JSON.stringify(stored)).not.toContain(cookie?.value);

    // A wrong password earns none; the browser that has one is not given another.
    expect(deviceCookie(await login(admin, nextIp(), undefined, 'wrong'))).toBeUndefined();
    expect(deviceCookie(await login(admin, nextIp(), cookie?.value))).toBeUndefined();
    expect(await devicesOf(admin.id)).toHaveLength(1);
  });

  it('is Secure over https and scoped to the sub-path, also at the two-step step', async () => {
    const app = await siblingApp(t, { basePath: '/admin', trustProxy: 1 });
    try {
      const admin = await signedIn(t, {}, nextIp());
      await t.db
        .updateTable('users')
        .set({ two_step_at: new Date() })
        .where('id', '=', admin.user.id)
        .execute();
      const res = await app.inject({
        method: 'POST',
        url: '/admin/api/auth/login',
        headers: { 'x-forwarded-for': nextIp(), 'x-forwarded-proto': 'https' },
        payload: { emailOrUsername: admin.user.username, password: admin.user.password },
      });
      expect(res.json()).toMatchObject({ mfaRequired: true });
      expect(deviceCookie(res)?.attributes).toEqual([
        'Path=/admin/api/auth',
        'Max-Age=15552000',
        'HttpOnly',
        'SameSite=Strict',
        'Secure',
      ]);
    } finally {
      await app.close();
    }
  });

  it('signs nobody in: with the cookie alone the API answers 401', async () => {
    const admin = await t.user({ admin: true });
    const cookie = await ownersBrowser(admin);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: `device=${cookie}` },
    });
    expect(me.statusCode).toBe(401);
  });
});

describe('guessers cannot keep the owner out', () => {
  it('while 8 addresses guess in 4 loops each, the owner signs in: with the device cookie at the first try, from a new browser within 20 s', {
    timeout: 180_000,
  }, async () => {
    const owner = await t.user({ admin: true });
    const cookie = await ownersBrowser(owner);

    // As reproduced: wrong passwords in loops, 0.3 s of sleep after each 429.
    let attacking = true;
    const answers: number[] = [];
    const loop = async (ip: string, n: number) => {
      for (let i = 0; attacking; i++) {
        const res = await login(owner, ip, undefined, `guess-${n}-${i}`);
        answers.push(res.statusCode);
        if (res.statusCode === 429) await sleep(300);
      }
    };
    const attackers = Array.from({ length: 8 }, (_, a) => `10.66.0.${a + 1}`);
    const loops = attackers.flatMap((ip, a) =>
      Array.from({ length: 4 }, (_, l) => loop(ip, a * 4 + l)),
    );
    try {
      // As reproduced, the loops have been running a while: the account is slowed the most (8 s
      // an attempt, one at a time) and every guessing address has had its first failure (until
      // then, each may take one turn of the fresh lane ahead of the owner).
      while ((await accountFailures(t, owner.id)) < 10 || (await failedAddresses(owner.id)) < 8) {
        await sleep(100);
      }

      const fresh = nextIp();
      const started = Date.now();
      let res = await login(owner, fresh);
      while (res.statusCode === 429 && Date.now() - started < 20_000) {
        await sleep(Number(res.headers['retry-after']) * 1000);
        res = await login(owner, fresh);
      }
      expect(res.statusCode, res.body).toBe(200);
      expect(Date.now() - started).toBeLessThanOrEqual(20_000);

      const withCookie = await login(owner, nextIp(), cookie);
      expect(withCookie.statusCode, withCookie.body).toBe(200);
      expect(withCookie.json().token).toEqual(expect.any(String));
    } finally {
      attacking = false;
      await Promise.all(loops);
    }
    // The guessers were really at it, and were held back.
    expect(answers.filter((s) => s === 401).length).toBeGreaterThanOrEqual(10);
    expect(answers.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(answers.every((s) => s === 401 || s === 429)).toBe(true);
  });

  it('an address gets one turn in the fresh lane: running out its own limit meanwhile does not keep it fresh', {
    timeout: 60_000,
  }, async () => {
    const owner = await t.user({ admin: true });
    for (let i = 0; i < 10; i++) await login(owner, `10.66.2.${i + 1}`, undefined, `g${i}`);
    const trickster = nextIp();
    // Its turn in the fresh lane waits out the delay; meanwhile it fails on ten other names.
    const turn = login(owner, trickster, undefined, 'guess');
    for (let i = 0; i < 10; i++) {
      await login({ username: `nobody-${trickster}-${i}`, password: 'x' }, trickster);
    }
    expect((await turn).statusCode).toBe(429);
    // A minute later its own limit is gone...
    await t.db
      .deleteFrom('login_failures')
      .where('ip', '=', trickster)
      .where('identifier', '!=', accountKey(owner.id))
      .execute();
    // ...but it lines up with the guessers: while one of them waits its turn, it is refused.
    const guesser = login(owner, '10.66.2.1', undefined, 'again');
    await expect
      .poll(() =>
        t.db
          .selectFrom('login_attempts_in_flight')
          .select('account')
          .where('account', '=', accountKey(owner.id))
          .executeTakeFirst(),
      )
      .toBeDefined();
    expect((await login(owner, trickster, undefined, 'more')).statusCode).toBe(429);
    // The fresh lane is the owner's.
    expect((await login(owner, nextIp())).statusCode).toBe(200);
    expect((await guesser).statusCode).toBe(401);
  });

  it('another account’s device cookie, or a made-up one, gets no further than none', async () => {
    const owner = await t.user({ admin: true });
    const attacker = await t.user({ admin: true });
    const attackersCookie = await ownersBrowser(attacker);
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      const res = await login(owner, ip, attackersCookie, `guess-${i}`);
      expect(res.statusCode).toBe(401);
    }
    // The address's limit applies: the 11th failure within the minute is refused.
    expect((await login(owner, ip, attackersCookie, 'guess-10')).statusCode).toBe(429);
    expect((await login(owner, ip, 'made-up-cookie', 'guess-11')).statusCode).toBe(429);
    expect(await accountFailures(t, owner.id)).toBe(10);
  });
});

describe('the device’s own limit', () => {
  it('revokes the cookie at its 10th failure in 15 minutes; the owner then signs in as anyone would, and gets a new one', async () => {
    const owner = await t.user({ admin: true });
    const cookie = await ownersBrowser(owner);
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      const res = await login(owner, ip, cookie, `typo-${i}`);
      // Not the address's limit, nor the account's slowdown: the device's alone.
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    expect(await accountFailures(t, owner.id)).toBe(0);
    expect(await devicesOf(owner.id)).toHaveLength(0);

    const again = await login(owner, ip, cookie);
    expect(again.statusCode).toBe(200);
    const renewed = deviceCookie(again)?.value;
    expect(renewed).toEqual(expect.any(String));
    expect(renewed).not.toBe(cookie);
  });

  it('holds under a parallel burst: ten failures count against the device, the rest against the address and the account', async () => {
    const owner = await t.user({ admin: true });
    const cookie = await ownersBrowser(owner);
    const ip = nextIp();
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(owner, ip, cookie, `burst-${i}`)),
    );
    expect(burst.every((res) => res.statusCode === 401 || res.statusCode === 429)).toBe(true);
    expect(await devicesOf(owner.id)).toHaveLength(0);
    const counted = await accountFailures(t, owner.id);
    expect(counted).toBeGreaterThanOrEqual(1);
    expect(counted).toBeLessThanOrEqual(10);
    expect(burst.filter((res) => res.statusCode === 401)).toHaveLength(10 + counted);
  });

  it('is forgotten with every device of the account when the password changes', async () => {
    const owner = await signedIn(t, {}, nextIp());
    const cookie = await ownersBrowser(owner.user);
    const newPassword = 'a much longer passphrase for the owner';
    const changed = await owner.post('/api/auth/password', {
      currentPassword: owner.user.password,
      newPassword,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await devicesOf(owner.user.id)).toHaveLength(0);

    // The old cookie is a stranger's now: the address's limit applies to it.
    const ip = nextIp();
    for (let i = 0; i < 10; i++) await login(owner.user, ip, cookie, `guess-${i}`);
    expect((await login({ ...owner.user, password: newPassword }, ip, cookie)).statusCode).toBe(
      429,
    );
  });

  it('is not earned by the old password while a new one is being saved', async () => {
    const owner = await t.user({ admin: true });
    const change = await t.db.startTransaction().execute();
    await change
      .updateTable('users')
      .set({ password_hash: await hashPassword('the new passphrase of the owner') })
      .where('id', '=', owner.id)
      .execute();
    // The old password, typed while the change is on its way: the check waits for it.
    const signIn = login(owner, nextIp());
    await lockWaiters(t, 1);
    await change.commit().execute();
    expect((await signIn).statusCode).toBe(401);
    expect(await devicesOf(owner.id)).toHaveLength(0);
  });

  it('is known to every instance: the state lives in PostgreSQL', async () => {
    const other = await siblingApp(t, { trustProxy: 1 });
    try {
      const owner = await t.user({ admin: true });
      const cookie = await ownersBrowser(owner);
      const ip = nextIp();
      for (let i = 0; i < 10; i++) {
        const res = await other.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'x-forwarded-for': ip, cookie: `device=${cookie}` },
          payload: { emailOrUsername: owner.username, password: `typo-${i}` },
        });
        expect(res.statusCode).toBe(401);
      }
      expect(await devicesOf(owner.id)).toHaveLength(0);
    } finally {
      await other.close();
    }
  });
});

describe('the code step', () => {
  const verify = (challenge: string, code: string, ip: string, device?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/verify',
      headers: { 'x-forwarded-for': ip, ...(device && { cookie: `device=${device}` }) },
      payload: { challenge, code },
    });

  it('skips a slowed account’s delay with the device cookie, and the cap on wrong codes holds all the same', {
    timeout: 60_000,
  }, async () => {
    const owner = await signedInWithTwoStep(t, nextIp());
    await letCodesAge(t, owner.user.id);
    const step = await login(owner.user, nextIp());
    const cookie = deviceCookie(step)?.value;
    expect(step.json()).toMatchObject({ mfaRequired: true });
    // Strangers slow the account the most: 8 s an attempt, one at a time.
    for (let i = 0; i < 10; i++) await login(owner.user, `10.66.1.${i + 1}`, undefined, `g${i}`);
    expect(await accountFailures(t, owner.user.id)).toBe(10);

    const started = Date.now();
    const again = await login(owner.user, nextIp(), cookie);
    const signedInNow = await verify(
      again.json().challenge,
      appCode(owner.secret),
      nextIp(),
      cookie,
    );
    expect(signedInNow.statusCode, signedInNow.body).toBe(200);
    // Neither step waited out the account's delay.
    expect(Date.now() - started).toBeLessThan(8_000);

    // Ten wrong codes with the cookie: the account's codes are refused, the cookie's too.
    const challenge = (await login(owner.user, nextIp(), cookie)).json().challenge;
    for (let i = 0; i < 10; i++) {
      expect((await verify(challenge, wrongCode(owner.secret), nextIp(), cookie)).statusCode).toBe(
        401,
      );
    }
    await letCodesAge(t, owner.user.id);
    const capped = await verify(challenge, appCode(owner.secret), nextIp(), cookie);
    expect(capped.statusCode).toBe(429);
    expect(capped.json().code).toBe('too_many_codes');
  });
});
