import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAMS_PER_SESSION, TOO_MANY_STREAMS } from '../../contract/live';
import { type SignedIn, signedIn } from '../test/client';
import { insertWithdrawal } from '../test/fixtures';
import { bearer, createTestContext, type TestContext } from '../test/harness';
import { addressOf, changeOf, openStream, type TestStream } from '../test/live';

// The stream itself: its headers, who may open it, how many, and when it ends.

let t: TestContext;
let base: string;
let admin: SignedIn;
const streams: TestStream[] = [];

beforeAll(async () => {
  t = await createTestContext();
  base = await addressOf(t.app);
  admin = await signedIn(t);
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t.close();
});

async function open(token: string) {
  const stream = await openStream(base, bearer(token));
  streams.push(stream);
  return stream;
}

describe('GET /api/admin/events', () => {
  it('is an event stream a proxy neither buffers nor compresses', async () => {
    const stream = await open(admin.token);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.headers.get('cache-control')).toContain('no-transform');
    expect(stream.headers.get('content-encoding')).toBeNull();
    expect(stream.headers.get('x-content-type-options')).toBe('nosniff');
    const player = await t.user();
    const row = await insertWithdrawal(t.db, { userId: player.user_id });
    const event = await stream.next(changeOf('withdrawals', 'created', String(row.id)));
    expect(event.data).toEqual({
      topic: 'resource/withdrawals',
      type: 'created',
      ids: [String(row.id)],
    });
    stream.close();
  });

  it('answers 401 without a session and 403 to a player', async () => {
    expect((await openStream(base, {})).status).toBe(401);
    const player = await signedIn(t, { admin: false });
    expect((await openStream(base, bearer(player.token))).status).toBe(403);
  });

  it(`refuses a session's stream beyond ${STREAMS_PER_SESSION} with a 429`, async () => {
    const other = await signedIn(t);
    const open5 = await Promise.all(
      Array.from({ length: STREAMS_PER_SESSION }, () => open(other.token)),
    );
    expect(open5.map((s) => s.status)).toEqual(Array(STREAMS_PER_SESSION).fill(200));
    const sixth = await openStream(base, bearer(other.token));
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({ error: TOO_MANY_STREAMS, code: 'too_many_streams' });
    expect(sixth.headers.get('retry-after')).toBe('15');
    // Another session of the same admin has its own five.
    const again = await t.login(other.user.username, other.user.password);
    expect((await open(again)).status).toBe(200);
    // A closed stream frees its place.
    open5[0]?.close();
    await open5[0]?.ended;
    await expect.poll(async () => (await open(other.token)).status).toBe(200);
  });

  it('ends at sign-out', async () => {
    const other = await signedIn(t);
    const stream = await open(other.token);
    const out = await other.post('/api/auth/logout', {});
    expect(out.statusCode).toBe(200);
    await stream.ended;
    expect((await openStream(base, bearer(other.token))).status).toBe(401);
  });

  it('answers HEAD with the stream’s headers and ends, holding no place', async () => {
    const other = await signedIn(t);
    const before = t.app.live.size;
    const res = await fetch(`${base}/api/admin/events`, {
      method: 'HEAD',
      headers: bearer(other.token),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(t.app.live.size).toBe(before);
    // Its five places are all free.
    const five = await Promise.all(
      Array.from({ length: STREAMS_PER_SESSION }, () => open(other.token)),
    );
    expect(five.map((s) => s.status)).toEqual(Array(STREAMS_PER_SESSION).fill(200));
  });
});
