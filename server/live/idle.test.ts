import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SignedIn, signedIn } from '../test/client';
import { bearer, createTestContext, type TestContext } from '../test/harness';
import { addressOf, openStream } from '../test/live';

// What an open page sends on its own (its live stream, its presence every 15 s) is not the
// admin's activity: a tab left open does not keep its session past the idle timeout.

let t: TestContext;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestContext();
  admin = await signedIn(t);
});
afterAll(() => t.close());

const HALF_AN_HOUR_AGO = sql<Date>`now() - interval '30 minutes'`;

async function lastSeenMinutesAgo(): Promise<number> {
  const { rows } = await sql<{ minutes: number }>`
    SELECT extract(epoch FROM now() - last_seen_at) / 60 AS minutes FROM sessions
    WHERE user_id = ${admin.user.id} AND revoked_at IS NULL`.execute(t.db);
  return Math.round(Number(rows[0]?.minutes));
}

it('leaves the idle clock running for presence, the stream and X-Passive, not for a page the admin opens', async () => {
  await t.db
    .updateTable('sessions')
    .set({ last_seen_at: HALF_AN_HOUR_AGO })
    .where('user_id', '=', admin.user.id)
    .execute();

  const put = await admin.call('PUT', '/api/admin/presence', { resource: 'withdrawals', id: '1' });
  expect(put.statusCode).toBe(200);
  const stream = await openStream(await addressOf(t.app), bearer(admin.token));
  expect(stream.status).toBe(200);
  stream.close();
  expect(await lastSeenMinutesAgo()).toBe(30);

  // What the console asks while the admin is away says so: a live refresh of an open list.
  const passive = await t.app.inject({
    method: 'GET',
    url: '/api/admin/withdrawals',
    headers: { ...bearer(admin.token), 'x-passive': '1' },
  });
  expect(passive.statusCode).toBe(200);
  expect(await lastSeenMinutesAgo()).toBe(30);

  expect((await admin.get('/api/admin/withdrawals')).statusCode).toBe(200);
  expect(await lastSeenMinutesAgo()).toBe(0);
});
