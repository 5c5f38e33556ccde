import { TOTP } from '../../contract/two-step';
import { codeAt } from '../auth/two-step/totp';
import type { SignedIn } from './client';
import type { TestContext } from './harness';

/** The code an authenticator app shows for `secret`, `steps` 30-second steps from now. */
export const appCode = (secret: string, steps = 0) =>
  codeAt(secret, Date.now() + steps * TOTP.period * 1000);

/** A six-digit code that is not `secret`'s now, nor a step or two either side. */
export function wrongCode(secret: string): string {
  const near = [-2, -1, 0, 1, 2].map((steps) => appCode(secret, steps));
  return ['000000', '111111', '222222', '333333', '444444', '555555'].find(
    (code) => !near.includes(code),
  ) as string;
}

/** What turning two-step sign-in on handed out: the secret, the code typed, the recovery codes. */
export interface TwoStepOn {
  secret: string;
  code: string;
  recoveryCodes: string[];
}

type Admin = Pick<SignedIn, 'post'> & { user: { password: string } };

/** POST /api/auth/2fa/setup with the admin's password, as My account sends it. */
export const startSetup = (admin: Admin) =>
  admin.post('/api/auth/2fa/setup', { currentPassword: admin.user.password });

/** POST /api/auth/2fa/disable with `code` and the admin's password, as My account sends it. */
export const turnOffWith = (admin: Admin, code: string) =>
  admin.post('/api/auth/2fa/disable', { code, currentPassword: admin.user.password });

/** Turns two-step sign-in on as My account does: set-up, then the app's current code. */
export async function turnOnTwoStep(admin: Admin): Promise<TwoStepOn> {
  const setup = await startSetup(admin);
  if (setup.statusCode !== 200) throw new Error(`setup: ${setup.statusCode} ${setup.body}`);
  const { secret } = setup.json();
  const code = appCode(secret);
  const enabled = await admin.post('/api/auth/2fa/enable', { code });
  if (enabled.statusCode !== 200) throw new Error(`enable: ${enabled.statusCode} ${enabled.body}`);
  return { secret, code, recoveryCodes: enabled.json().recoveryCodes };
}

/**
 * As if a few minutes had passed: the steps of the codes used so far fall behind, and the
 * app's current code is good again (each code is good once, so a test signing in twice in one
 * step needs this).
 */
export const letCodesAge = (t: Pick<TestContext, 'db'>, userId: number) =>
  t.db
    .updateTable('two_step_secrets')
    .set((eb) => ({ last_step: eb('last_step', '-', 10) }))
    .where('user_id', '=', userId)
    .execute();

/** POST /api/auth/login, from `ip` if given. */
export const passwordLogin = (
  t: Pick<TestContext, 'app'>,
  user: { username: string; password: string },
  ip?: string,
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { emailOrUsername: user.username, password: user.password },
    ...(ip && { remoteAddress: ip }),
  });

/** POST /api/auth/2fa/verify, from `ip` if given. */
export const verifyCode = (
  t: Pick<TestContext, 'app'>,
  challenge: string,
  code: string,
  ip?: string,
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/2fa/verify',
    payload: { challenge, code },
    ...(ip && { remoteAddress: ip }),
  });

/** The challenge a right password earns an account with two-step sign-in on. */
export async function challengeFor(
  t: Pick<TestContext, 'app'>,
  user: { username: string; password: string },
  ip?: string,
): Promise<string> {
  const res = await passwordLogin(t, user, ip);
  const challenge = res.statusCode === 200 ? res.json().challenge : undefined;
  if (typeof challenge !== 'string') throw new Error(`no challenge: ${res.statusCode} ${res.body}`);
  return challenge;
}

/** Signs in with the password and then `code`; answers the bearer token. */
export async function signInWithCode(
  t: Pick<TestContext, 'app'>,
  user: { username: string; password: string },
  code: string,
  ip?: string,
): Promise<string> {
  const res = await verifyCode(t, await challengeFor(t, user, ip), code, ip);
  if (res.statusCode !== 200) throw new Error(`verify: ${res.statusCode} ${res.body}`);
  return res.json().token;
}
