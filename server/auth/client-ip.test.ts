import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestContext, type TestContext } from '../test/harness';

// The client address feeds the sign-in limit and the audit log: a client must not choose it.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function loggedIp(trustProxy: false | number | string[], remoteAddress: string, xff: string) {
  const app = await buildTestApp({ db: t.db, logLevel: 'silent', trustProxy });
  await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    headers: { 'x-forwarded-for': xff },
    payload: { emailOrUsername: `nobody-${Math.random()}`, password: 'x' },
  });
  await app.close();
  const row = await t.db
    .selectFrom('audit_log')
    .select('ip')
    .where('action', '=', 'auth.login_failed')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.ip;
}

describe('the client address', () => {
  it('ignores X-Forwarded-For unless a proxy is configured', async () => {
    expect(await loggedIp(false, '198.51.100.7', '1.2.3.4')).toBe('198.51.100.7');
  });

  it('with one proxy, takes the address that proxy saw, not what the client wrote', async () => {
    expect(await loggedIp(1, '10.0.0.9', 'spoofed-by-client, 203.0.113.5')).toBe('203.0.113.5');
  });

  it('with proxy addresses, believes only hops from those addresses', async () => {
    expect(await loggedIp(['10.0.0.0/8'], '10.0.0.9', '203.0.113.5')).toBe('203.0.113.5');
    expect(await loggedIp(['10.0.0.0/8'], '198.51.100.7', '203.0.113.5')).toBe('198.51.100.7');
  });
});
