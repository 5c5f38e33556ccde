import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signedIn } from '../test/client';
import { insertBot } from '../test/fixtures';
import { createTestContext, type TestContext } from '../test/harness';
import { addressOf, changeOf, OpenStreams } from '../test/live';

// The instance's one LISTEN connection: lost, it ends every stream (what was announced meanwhile
// is unheard, so each client must reconnect and refetch), and the next stream listens again.

let t: TestContext;
let base: string;
let admin: SignedIn;
const streams = new OpenStreams();

beforeAll(async () => {
  t = await createTestContext();
  base = await addressOf(t.app);
  admin = await signedIn(t);
});
afterAll(async () => {
  streams.closeAll();
  await t.close();
});

const open = () => streams.open(base, admin.token);

/** The backends LISTENing for this database's instance. */
const listeners = async () =>
  (
    await sql<{ pid: number }>`
      SELECT pid FROM pg_stat_activity
      WHERE datname = current_database() AND application_name = 'rewards-live'`.execute(t.db)
  ).rows;

describe('the LISTEN connection', () => {
  it('is one per instance, however many streams', async () => {
    await Promise.all([open(), open(), open()]);
    expect(await listeners()).toHaveLength(1);
  });

  it('lost, ends every stream; the next stream listens again and hears changes', async () => {
    const [a, b] = [await open(), await open()];
    const [listener] = await listeners();
    await sql`SELECT pg_terminate_backend(${listener?.pid})`.execute(t.db);
    await Promise.all([a.ended, b.ended]);

    const again = await open();
    const bot = await insertBot(t.db);
    await again.next(changeOf('bots', 'created', bot.bot_id));
    const now = await listeners();
    expect(now).toHaveLength(1);
    expect(now[0]?.pid).not.toBe(listener?.pid);
  });
});
