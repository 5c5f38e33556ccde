import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountFailures, addressesFrom, signedIn, signedInWithTwoStep } from '../../test/client';
import { createTestContext, type TestContext } from '../../test/harness';
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

// A code is a credential like a password: wrong ones count against the same per-address and
// per-account limits, whichever route they were typed into.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const nextIp = addressesFrom('10.21.0');

const adminWithTwoStep = () => signedInWithTwoStep(t, nextIp());

/** Wrong passwords from `ip`, each for a name of its own, so that no account is slowed. */
async function failPasswords(ip: string, count: number) {
  for (let i = 0; i < count; i++) {
    const res = await passwordLogin(t, { username: `nobody-${ip}-${i}`, password: 'wrong' }, ip);
    expect(res.statusCode).toBe(401);
  }
}

function expectRateLimited(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(res.json()).toEqual({
    error: `Too many failed sign-in attempts. Try again in ${retryAfter} seconds.`,
    code: 'rate_limited',
  });
}

describe('the sign-in limits on codes', () => {
  it('answer 429 with Retry-After from the 11th failure of an address, codes and passwords together', async () => {
    const ip = nextIp();
    const first = await adminWithTwoStep();
    const second = await adminWithTwoStep();
    await failPasswords(ip, 4);
    // Three wrong codes on each account: neither account is slowed, the address reaches 10.
    const challenges = [];
    for (const admin of [first, second]) {
      const challenge = await challengeFor(t, admin.user, ip);
      challenges.push(challenge);
      for (let i = 0; i < 3; i++) {
        const res = await verifyCode(t, challenge, wrongCode(admin.secret), ip);
        expect(res.statusCode).toBe(401);
      }
    }
    const [challenge = ''] = challenges;
    const code = appCode(first.secret, 1);
    expectRateLimited(await verifyCode(t, challenge, code, ip));
    expectRateLimited(await passwordLogin(t, first.user, ip));

    // The refused attempt neither used the challenge nor spent the code.
    const elsewhere = await verifyCode(t, challenge, code, nextIp());
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });

  it('slow the account after password and code failures alike: one attempt at a time, the rest 429', async () => {
    const admin = await adminWithTwoStep();
    // Seven wrong passwords, each from an address of its own: the account is slowed.
    for (let i = 0; i < 7; i++) {
      const res = await passwordLogin(t, { ...admin.user, password: `guess${i}` }, nextIp());
      expect(res.statusCode).toBe(401);
    }
    const challenge = await challengeFor(t, admin.user, nextIp());
    const burst = await Promise.all(
      Array.from({ length: 8 }, () => verifyCode(t, challenge, wrongCode(admin.secret), nextIp())),
    );
    const statuses = burst.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    for (const res of burst.filter((r) => r.statusCode === 429)) expectRateLimited(res);
    // The wrong code counted against the account as the passwords did.
    expect(await accountFailures(t, admin.user.id)).toBe(8);

    // Slowed, not locked: the owner's code signs in.
    const owner = await verifyCode(t, challenge, appCode(admin.secret, 1), nextIp());
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('count a wrong code to turn two-step sign-in on or off', async () => {
    const ip = nextIp();
    const admin = await signedIn(t, {}, ip);
    const { secret } = (await startSetup(admin)).json();
    await failPasswords(ip, 9);
    const wrong = await admin.post('/api/auth/2fa/enable', { code: wrongCode(secret) });
    expect(wrong.statusCode).toBe(401);
    expect(await accountFailures(t, admin.user.id)).toBe(1);
    // The tenth failure of the address was that code: even the right one now waits.
    expectRateLimited(await admin.post('/api/auth/2fa/enable', { code: appCode(secret) }));
    expect((await admin.get('/api/auth/2fa')).json().enabled).toBe(false);

    const otherIp = nextIp();
    const other = await signedIn(t, {}, otherIp);
    const on = await turnOnTwoStep(other);
    await failPasswords(otherIp, 9);
    const refused = await turnOffWith(other, wrongCode(on.secret));
    expect(refused.statusCode).toBe(401);
    expect(await accountFailures(t, other.user.id)).toBe(1);
    expectRateLimited(await turnOffWith(other, on.recoveryCodes[0] ?? ''));
    expect((await other.get('/api/auth/2fa')).json().enabled).toBe(true);
  });
});

describe('a wrong password', () => {
  it('answers the same whether or not the account has two-step sign-in on', async () => {
    const withTwoStep = await adminWithTwoStep();
    const without = await signedIn(t, {}, nextIp());
    const answers = [];
    for (const admin of [withTwoStep, without]) {
      const res = await passwordLogin(t, { ...admin.user, password: 'wrong-password' }, nextIp());
      answers.push({
        status: res.statusCode,
        body: res.json(),
        headers: Object.keys(res.headers).sort(),
      });
    }
    expect(answers[0]).toEqual({
      status: 401,
      body: { error: 'Invalid credentials', code: 'invalid_credentials' },
      headers: expect.any(Array),
    });
    expect(answers[0]).toEqual(answers[1]);
    // The timing: login-timing.test.ts.
  });
});
