import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, siblingApp, type TestContext } from '../test/harness';
import { addressOf, endsWithin, openStream, type TestStream } from '../test/live';

// The heartbeat: a comment every beat, and a check of every stream's session, which closes a
// stream whose session ended without anyone telling the instance (expired, idle, or revoked by
// a write that sent no notification).

let t: TestContext;
let app: FastifyInstance;
let base: string;
const streams: TestStream[] = [];

beforeAll(async () => {
  t = await createTestContext();
  app = await siblingApp(t, { live: { heartbeatMs: 200 } });
  base = await addressOf(app);
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await app.close();
  await t.close();
});

/** A new admin's session (its id) and a stream of theirs. */
async function adminStream() {
  const user = await t.user({ admin: true });
  const token = await t.login(user.username, user.password);
  const stream = await openStream(base, bearer(token));
  expect(stream.status).toBe(200);
  streams.push(stream);
  const session = await t.db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', user.id)
    .executeTakeFirstOrThrow();
  return { stream, sessionId: session.id };
}

describe('the heartbeat', () => {
  it('starts the stream with its retry delay, then beats', async () => {
    const { stream } = await adminStream();
    await expect.poll(() => stream.comments, { timeout: 5000 }).toContain('live');
    await expect
      .poll(() => stream.comments.filter((c) => c === 'heartbeat').length, { timeout: 5000 })
      .toBeGreaterThanOrEqual(2);
    expect(stream.comments[0]).toBe('live');
  });

  it('closes a stream whose session expired, though nothing announced it', async () => {
    const { stream, sessionId } = await adminStream();
    const other = await adminStream();
    // No trigger fires on expires_at: only the heartbeat's check can see it.
    await sql`UPDATE sessions SET expires_at = now() WHERE id = ${sessionId}`.execute(t.db);
    await endsWithin(stream);
    // The other session's stream beats on.
    const beats = other.stream.comments.length;
    await expect.poll(() => other.stream.comments.length, { timeout: 5000 }).toBeGreaterThan(beats);
  });

  it('closes a stream whose session went idle', async () => {
    const { stream, sessionId } = await adminStream();
    await sql`
      UPDATE sessions SET last_seen_at = now() - interval '30 days' WHERE id = ${sessionId}`.execute(
      t.db,
    );
    await endsWithin(stream);
  });

  it('closes a stream whose admin lost a permission by a write that announced nothing', async () => {
    const user = await t.user({ admin: true, permissions: ['bots:read', 'audit:read'] });
    const stream = await openStream(base, bearer(await t.login(user.username, user.password)));
    streams.push(stream);
    expect(stream.status).toBe(200);
    // Quiet: no users event, so no check at once; only the heartbeat's.
    await t.db.connection().execute(async (conn) => {
      await sql`SET rewards.quiet = on`.execute(conn);
      await sql`
        UPDATE users SET admin_permissions = ARRAY['bots:read'] WHERE id = ${user.id}`.execute(
        conn,
      );
      await sql`RESET rewards.quiet`.execute(conn);
    });
    await endsWithin(stream);
  });
});
