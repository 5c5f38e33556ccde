import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PresenceChange } from '../../contract/live';
import { type SignedIn, signedIn } from '../test/client';
import { createTestContext, siblingApp, type TestContext } from '../test/harness';
import { addressOf, OpenStreams, type StreamEvent, type TestStream } from '../test/live';

// Who views a record: PUT /api/admin/presence answers them and announces an arrival, DELETE a
// departure, and a viewer silent past the TTL is dropped by the sweeper and announced.

let t: TestContext;
/** A second app over the same database that sweeps every 100 ms. */
let sweeping: FastifyInstance;
let ann: SignedIn;
let bob: SignedIn;
const streams = new OpenStreams();
let serial = 0;

beforeAll(async () => {
  t = await createTestContext();
  sweeping = await siblingApp(t, { live: { sweepMs: 100 } });
  ann = await signedIn(t, { username: `ann_${Date.now()}` });
  bob = await signedIn(t, { username: `bob_${Date.now()}` });
});
afterAll(async () => {
  streams.closeAll();
  await sweeping.close();
  await t.close();
});

const open = async (app: FastifyInstance, who: SignedIn) =>
  streams.open(await addressOf(app), who.token);

const view = (who: SignedIn, resource: string, id: string) =>
  who.call('PUT', '/api/admin/presence', { resource, id });
const leave = (who: SignedIn, resource: string, id: string) =>
  who.delete(`/api/admin/presence?resource=${resource}&id=${encodeURIComponent(id)}`);

const viewerOf = (who: SignedIn) => ({ adminId: String(who.user.id), username: who.user.username });

/** The presence event of this record whose viewers are exactly `names`, received after `mark`. */
const presenceOf =
  (stream: TestStream, mark: number, id: string, names: string[]) => (e: StreamEvent) => {
    if (e.event !== 'presence' || stream.events.indexOf(e) < mark) return false;
    const change = e.data as PresenceChange;
    return (
      change.topic === `presence/withdrawals/${id}` &&
      JSON.stringify(change.viewers.map((v) => v.username)) === JSON.stringify(names)
    );
  };

const newId = () => `${Date.now()}${++serial}`;

describe('PUT and DELETE /api/admin/presence', () => {
  it('answers the viewers, the caller included; another arrival is heard with both', async () => {
    const id = newId();
    const annStream = await open(t.app, ann);
    const first = await view(ann, 'withdrawals', id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ viewers: [viewerOf(ann)] });

    const mark = annStream.events.length;
    const second = await view(bob, 'withdrawals', id);
    expect(second.json()).toEqual({ viewers: [viewerOf(ann), viewerOf(bob)] });
    const heard = await annStream.next(
      presenceOf(annStream, mark, id, [ann.user.username, bob.user.username]),
    );
    expect(heard.data).toEqual({
      topic: `presence/withdrawals/${id}`,
      resource: 'withdrawals',
      id,
      viewers: [viewerOf(ann), viewerOf(bob)],
    });

    // A refresh announces nothing new; a departure is announced.
    const refreshed = await view(bob, 'withdrawals', id);
    expect(refreshed.json().viewers).toHaveLength(2);
    const left = await leave(bob, 'withdrawals', id);
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json()).toEqual({ ok: true });
    await annStream.next(presenceOf(annStream, mark, id, [ann.user.username]));
    expect(
      annStream.events.filter(
        presenceOf(annStream, mark, id, [ann.user.username, bob.user.username]),
      ),
    ).toHaveLength(1);
    expect((await view(ann, 'withdrawals', id)).json()).toEqual({ viewers: [viewerOf(ann)] });
  });

  it('drops a viewer silent past the TTL and announces it', async () => {
    const id = newId();
    // The sweeper runs while the instance has a stream open.
    const annStream = await open(sweeping, ann);
    await view(ann, 'withdrawals', id);
    await view(bob, 'withdrawals', id);
    const mark = annStream.events.length;
    await sql`
      UPDATE presence SET seen_at = now() - interval '31 seconds'
      WHERE record_id = ${id} AND admin_id = ${bob.user.id}`.execute(t.db);
    await annStream.next(presenceOf(annStream, mark, id, [ann.user.username]));
    const rows = await t.db
      .selectFrom('presence')
      .select('admin_id')
      .where('record_id', '=', id)
      .execute();
    expect(rows.map((r) => Number(r.admin_id))).toEqual([ann.user.id]);
  });

  it('answers 403 without the read of the record’s area', async () => {
    const botsOnly = await signedIn(t, { permissions: ['bots:read'] });
    const put = await view(botsOnly, 'withdrawals', '1');
    expect(put.statusCode).toBe(403);
    expect((await leave(botsOnly, 'withdrawals', '1')).statusCode).toBe(403);
    expect((await view(botsOnly, 'bots', 'bot_1')).statusCode).toBe(200);
    const rows = await t.db
      .selectFrom('presence')
      .select('resource')
      .where('admin_id', '=', botsOnly.user.id)
      .execute();
    expect(rows).toEqual([{ resource: 'bots' }]);
  });

  it('answers 400 for an unknown resource or a missing id', async () => {
    const unknown = await view(ann, 'payouts', '1');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ resource: 'Unknown resource' });
    expect((await leave(ann, 'payouts', '1')).statusCode).toBe(400);
    expect((await view(ann, 'withdrawals', '  ')).statusCode).toBe(400);
    const player = await signedIn(t, { admin: false });
    expect((await view(player, 'withdrawals', '1')).statusCode).toBe(403);
  });
});
