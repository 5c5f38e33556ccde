import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWithdrawal } from '../test/fixtures';
import { createTestContext, siblingApp, type TestContext } from '../test/harness';
import { addressOf, changeOf, endsWithin, openStream, type TestStream } from '../test/live';

// Behind a sign-on proxy (AUTH_MODE=proxy) with groups: a stream holds what the proxy's groups
// gave at connect time; the admin's groups changing (seen at their next request) ends it.

let t: TestContext;
let app: FastifyInstance;
let base: string;
const streams: TestStream[] = [];

beforeAll(async () => {
  t = await createTestContext();
  app = await siblingApp(t, {
    auth: {
      mode: 'proxy',
      header: 'X-Forwarded-Email',
      // The test's own connections are the proxy's.
      proxies: ['127.0.0.1', '::1', '::ffff:127.0.0.1'],
      logoutUrl: '/oauth2/sign_out',
      groups: {
        header: 'X-Forwarded-Groups',
        permissions: new Map([
          ['finance', ['withdrawals:read']],
          ['support', ['users:read']],
        ]),
      },
    },
  });
  base = await addressOf(app);
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await app.close();
  await t.close();
});

const as = (email: string, groups: string) => ({
  'x-forwarded-email': email,
  'x-forwarded-groups': groups,
});

describe('a stream signed in by the proxy', () => {
  it('hears what its groups give, and ends when its groups change', async () => {
    // No permission of their own: only the groups give any.
    const member = await t.user({ admin: true, permissions: [] });
    const stream = await openStream(base, as(member.email, 'finance'));
    expect(stream.status).toBe(200);
    streams.push(stream);
    const player = await t.user();
    const row = await insertWithdrawal(t.db, { userId: player.user_id });
    await stream.next(changeOf('withdrawals', 'created', String(row.id)));

    // The same groups in another request change nothing.
    const same = await fetch(`${base}/api/auth/me`, { headers: as(member.email, 'finance') });
    expect(same.status).toBe(200);
    const later = await insertWithdrawal(t.db, { userId: player.user_id });
    await stream.next(changeOf('withdrawals', 'created', String(later.id)));

    // The sign-on provider moved them to support: their next request tells.
    const moved = await fetch(`${base}/api/auth/me`, { headers: as(member.email, 'support') });
    expect(moved.status).toBe(200);
    await endsWithin(stream);
  });
});
