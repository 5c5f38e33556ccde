import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newReferralCode, newUserId } from '../modules/users/create';
import { createTestContext, type TestContext } from '../test/harness';
import { hashPassword, passwordChecks } from './passwords';

// Counted, so the test sees each attempt pay for exactly one password check.
let checks = 0;
const countCheck = () => {
  checks += 1;
};

// An attacker who times sign-ins must not learn whether a name is an account, whether that
// account is disabled, nor whether it has two-step sign-in on, with a device cookie or without.
// One argon2 check costs less than the 20 ms allowed here, so the medians alone would not notice
// a kind that skips it: each attempt is also seen to run exactly one. Every attempt comes from
// its own address and names its own account, so neither rate limit touches the samples.

const SAMPLES = 100;
const PASSWORD = 'the-right-password';
const KINDS = [
  'unknown user',
  'wrong password',
  'disabled user',
  'two-step account',
  // A browser's device cookie (here one that names no device) must not tell the names apart.
  'unknown user, a cookie',
  'wrong password, a cookie',
] as const;
type Kind = (typeof KINDS)[number];

let t: TestContext;
let hash: string;
beforeAll(async () => {
  t = await createTestContext();
  hash = await hashPassword(PASSWORD);
  // One shared hash: the accounts cost one argon2 run, not two hundred.
  await t.db
    .insertInto('users')
    .values(
      (['active', 'disabled', 'two-step'] as const).flatMap((kind) =>
        Array.from({ length: SAMPLES }, (_, i) => ({
          user_id: newUserId(),
          username: `${kind}-${i}`,
          email: `${kind}-${i}@example.com`,
          password_hash: hash,
          status: kind === 'disabled' ? ('disabled' as const) : ('active' as const),
          two_step_at: kind === 'two-step' ? new Date() : null,
          referral_code: newReferralCode(),
        })),
      ),
    )
    .execute();
});
beforeAll(() => passwordChecks.subscribe(countCheck));
afterAll(() => {
  passwordChecks.unsubscribe(countCheck);
  return t.close();
});

const ATTEMPTS: Record<Kind, (i: number) => { emailOrUsername: string; password: string }> = {
  'unknown user': (i) => ({ emailOrUsername: `nobody-${i}`, password: 'wrong-password' }),
  'wrong password': (i) => ({ emailOrUsername: `active-${i}`, password: 'wrong-password' }),
  // The right password: a disabled account must not answer differently even then.
  'disabled user': (i) => ({ emailOrUsername: `disabled-${i}`, password: PASSWORD }),
  'two-step account': (i) => ({ emailOrUsername: `two-step-${i}`, password: 'wrong-password' }),
  'unknown user, a cookie': (i) => ({ emailOrUsername: `nobody-${i}`, password: 'wrong-password' }),
  'wrong password, a cookie': (i) => ({
    emailOrUsername: `active-${i}`,
    password: 'wrong-password',
  }),
};

const cookieOf = (kind: Kind) =>
  kind.endsWith(', a cookie') ? { cookie: `device=${randomBytes(32).toString('base64url')}` } : {};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return ((sorted[Math.floor(mid - 0.5)] ?? 0) + (sorted[Math.ceil(mid - 0.5)] ?? 0)) / 2;
};

describe('sign-in timing', () => {
  it('takes the same time for an unknown user, a wrong password, a disabled user and a two-step account', {
    timeout: 90_000,
  }, async () => {
    const times: Record<Kind, number[]> = {
      'unknown user': [],
      'wrong password': [],
      'disabled user': [],
      'two-step account': [],
      'unknown user, a cookie': [],
      'wrong password, a cookie': [],
    };
    // Interleaved, so a slow spell of the machine falls on every kind alike.
    for (let i = 0; i < SAMPLES; i++) {
      for (const [k, kind] of KINDS.entries()) {
        const checksBefore = checks;
        const started = performance.now();
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: ATTEMPTS[kind](i),
          headers: cookieOf(kind),
          remoteAddress: `10.${k}.${i >> 8}.${i & 255}`,
        });
        times[kind].push(performance.now() - started);
        expect(res.statusCode, kind).toBe(401);
        expect(checks - checksBefore, kind).toBe(1);
        expect(res.json()).toEqual({ error: 'Invalid credentials', code: 'invalid_credentials' });
      }
    }

    const medians = KINDS.map((kind) => median(times[kind]));
    const spread = Math.max(...medians) - Math.min(...medians);
    const summary = KINDS.map((kind, k) => `${kind} ${medians[k]?.toFixed(1)} ms`).join(', ');
    // 20 ms, or a fifth of an attempt on a machine so busy that one takes over 100 ms: its noise
    // grows with the attempt's own time, a difference in work does not.
    expect(spread, summary).toBeLessThanOrEqual(Math.max(20, Math.min(...medians) / 5));
  });
});
