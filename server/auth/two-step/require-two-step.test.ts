import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressesFrom, callsAs, signedIn } from '../../test/client';
import { createTestContext, siblingApp, type TestContext } from '../../test/harness';
import { signInWithCode, turnOffWith, turnOnTwoStep } from '../../test/two-step';

// REQUIRE_2FA=true: an admin who signs in with a password and has no two-step sign-in yet may
// set it up, and do nothing else, until it is on.

let t: TestContext;
/** An instance with REQUIRE_2FA=true, over the same database as `t.app` (without it). */
let strict: FastifyInstance;
beforeAll(async () => {
  t = await createTestContext();
  strict = await siblingApp(t, { auth: { mode: 'password', requireTwoStep: true } });
});
afterAll(async () => {
  await strict.close();
  await t.close();
});

const nextIp = addressesFrom('10.23.0');

const REQUIRED = { error: 'Set up two-step sign-in to continue.', code: 'two_step_required' };

/** A new user signed in with a password on the REQUIRE_2FA instance. */
async function onStrict(input: { admin?: boolean } = { admin: true }) {
  const ip = nextIp();
  const user = await t.user(input);
  const login = await strict.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { emailOrUsername: user.username, password: user.password },
    remoteAddress: ip,
  });
  expect(login.statusCode).toBe(200);
  return { user, ip, ...callsAs(strict, login.json().token, ip) };
}

describe('REQUIRE_2FA=true', () => {
  it('lets an admin without two-step sign in, then opens only /api/auth until it is set up', async () => {
    const admin = await onStrict();
    const categories = () => t.db.selectFrom('categories').select('id').execute();
    const before = (await categories()).length;
    const refused = [
      await admin.get('/api/admin/ping'),
      await admin.get('/api/admin/users'),
      await admin.get('/api/admin/events'),
      await admin.post('/api/admin/categories', { name: 'Before two-step' }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(REQUIRED);
    }
    expect(await categories()).toHaveLength(before);

    expect((await admin.get('/api/auth/me')).json()).toMatchObject({
      user: { userId: admin.user.user_id, twoStep: false },
      twoStepSetupRequired: true,
    });
    expect((await admin.get('/api/auth/2fa')).json()).toMatchObject({
      enabled: false,
      required: true,
    });
    expect((await admin.get('/api/auth/sessions')).statusCode).toBe(200);

    const on = await turnOnTwoStep(admin);
    // The same session: everything opens.
    expect((await admin.get('/api/auth/me')).json().twoStepSetupRequired).toBe(false);
    expect((await admin.get('/api/admin/ping')).statusCode).toBe(200);
    expect((await admin.get('/api/admin/users')).statusCode).toBe(200);
    expect((await admin.get('/api/auth/2fa')).json()).toMatchObject({
      enabled: true,
      required: true,
    });

    // It cannot be turned off here.
    const off = await turnOffWith(admin, on.recoveryCodes[0] ?? '');
    expect(off.statusCode).toBe(409);
    expect(off.json().code).toBe('two_step_required');
    expect((await admin.get('/api/auth/2fa')).json().enabled).toBe(true);
    expect((await admin.get('/api/auth/2fa')).json().recoveryCodesLeft).toBe(10);

    // And the next sign-in asks for a code.
    const token = await signInWithCode(
      { app: strict },
      admin.user,
      on.recoveryCodes[1] ?? '',
      admin.ip,
    );
    expect((await callsAs(strict, token).get('/api/admin/ping')).statusCode).toBe(200);
  });

  it('asks nothing more of a player, and nothing of an instance without it', async () => {
    const player = await onStrict({});
    expect((await player.get('/api/auth/me')).json().twoStepSetupRequired).toBe(false);
    const ping = await player.get('/api/admin/ping');
    expect(ping.statusCode).toBe(403);
    expect(ping.json().code).toBe('forbidden');

    const admin = await signedIn(t, {}, nextIp());
    expect((await admin.get('/api/auth/me')).json().twoStepSetupRequired).toBe(false);
    expect((await admin.get('/api/auth/2fa')).json().required).toBe(false);
    expect((await admin.get('/api/admin/ping')).statusCode).toBe(200);
  });
});
