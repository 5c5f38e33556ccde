import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LIVE_UNAVAILABLE } from '../../contract/live';
import { type SignedIn, signedIn } from '../test/client';
import { bearer, createTestContext, type TestContext } from '../test/harness';
import { addressOf, openStream, type TestStream } from '../test/live';

// When the instance cannot open its LISTEN connection, a stream is refused with a clear 503
// rather than opened deaf; once the database lets it connect again, streams open.

let t: TestContext;
let base: string;
let admin: SignedIn;
let database: string;
const streams: TestStream[] = [];

beforeAll(async () => {
  t = await createTestContext();
  base = await addressOf(t.app);
  admin = await signedIn(t);
  database = await currentDatabase();
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await allowConnections(true);
  await t.close();
});

async function currentDatabase(): Promise<string> {
  const row = await t.db
    .selectNoFrom((eb) => eb.fn<string>('current_database', []).as('name'))
    .executeTakeFirstOrThrow();
  return row.name;
}

/** New connections to the test database refused (superusers too); open ones carry on. */
async function allowConnections(allow: boolean) {
  const client = new pg.Client(inject('pg'));
  await client.connect();
  await client.query(`ALTER DATABASE ${database} WITH ALLOW_CONNECTIONS ${allow}`);
  await client.end();
}

describe('GET /api/admin/events without a LISTEN connection', () => {
  it(`answers 503 ${LIVE_UNAVAILABLE}, then opens once the database is back`, async () => {
    // The pool's connections are open: requests are served; only a new connection fails.
    await Promise.all([1, 2, 3, 4].map(() => admin.get('/api/admin/ping')));
    await allowConnections(false);
    try {
      const refused = await openStream(base, bearer(admin.token));
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ error: LIVE_UNAVAILABLE, code: 'live_unavailable' });
    } finally {
      await allowConnections(true);
    }
    await expect
      .poll(
        async () => {
          const stream = await openStream(base, bearer(admin.token));
          streams.push(stream);
          return stream.status;
        },
        { timeout: 5000 },
      )
      .toBe(200);
  });
});
