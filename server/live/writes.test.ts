import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_DECISION_MAX } from '../../contract/withdrawals';
import { type SignedIn, signedIn } from '../test/client';
import { insertBot, insertWithdrawal } from '../test/fixtures';
import { bearer, createTestContext, type TestContext } from '../test/harness';
import { integrationsBody } from '../test/integrations';
import {
  addressOf,
  type ChangeData,
  changeOf,
  openStream,
  type StreamEvent,
  type TestStream,
} from '../test/live';

// Every kind of write made through the API is announced on the stream: create, update, delete,
// decision, bulk, toggle, copy, publish, a settings save.

let t: TestContext;
let admin: SignedIn;
let stream: TestStream;

beforeAll(async () => {
  t = await createTestContext();
  admin = await signedIn(t);
  stream = await openStream(await addressOf(t.app), bearer(admin.token));
  expect(stream.status).toBe(200);
});
afterAll(async () => {
  stream.close();
  await t.close();
});

/** Asserts a 2xx and answers the body. */
async function ok(pending: ReturnType<SignedIn['call']>) {
  const res = await pending;
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

const heard = (resource: string, type: string, id: string) =>
  stream.next(changeOf(resource, type, id));

/**
 * Everything the stream received after `mark` events, once a write made after the ones under
 * test has been heard: the database delivers notifications in commit order.
 */
async function receivedSince(mark: number): Promise<StreamEvent[]> {
  const sentinel = await insertBot(t.db);
  await heard('bots', 'created', sentinel.bot_id);
  return stream.events.slice(mark);
}

/** Matches what `match` does among the events received after `mark`. */
const since = (mark: number, match: (event: StreamEvent) => boolean) => (event: StreamEvent) =>
  stream.events.indexOf(event) >= mark && match(event);

const changesOf = (events: StreamEvent[], resource: string, type: string) =>
  events
    .filter((e) => e.event === 'resource')
    .map((e) => e.data as ChangeData)
    .filter((c) => c.topic === `resource/${resource}` && c.type === type);

describe('an event for every kind of write', () => {
  it('create, update and delete of a bot', async () => {
    // A bot's record id, in its URLs and its events, is its botId.
    const { botId } = await ok(admin.post('/api/admin/bots', { nickname: 'Live Larry' }));
    await heard('bots', 'created', botId);
    await ok(admin.patch(`/api/admin/bots/${botId}`, { skill: 12 }));
    await heard('bots', 'updated', botId);
    await ok(admin.delete(`/api/admin/bots/${botId}`));
    await heard('bots', 'deleted', botId);
  });

  it('create, update and delete of a category', async () => {
    const category = await ok(admin.post('/api/admin/categories', { name: 'Live Cards' }));
    await heard('categories', 'created', category._id);
    await ok(admin.patch(`/api/admin/categories/${category._id}`, { name: 'Live Cards 2' }));
    await heard('categories', 'updated', category._id);
    await ok(admin.delete(`/api/admin/categories/${category._id}`));
    await heard('categories', 'deleted', category._id);
  });

  it('a withdrawal decision, and then the dashboard figures', async () => {
    const player = await t.user({ balance: 10 });
    const row = await insertWithdrawal(t.db, { userId: player.user_id, pointsSpent: 40 });
    const mark = stream.events.length;
    await ok(admin.patch(`/api/admin/withdrawals/${row.id}/decision`, { action: 'reject' }));
    await heard('withdrawals', 'updated', String(row.id));
    // The refund changed the player, and the decision wrote its audit row.
    await heard('users', 'updated', player.user_id);
    const stats = await stream.next(since(mark, (e) => e.event === 'stats'));
    expect(stats.data).toEqual({ topic: 'stats', type: 'updated' });
    await stream.next(since(mark, changeOf('audit', 'created')));
  });

  it(`a bulk decision of ${BULK_DECISION_MAX} withdrawals: a few events, not one per row`, async () => {
    const player = await t.user({ balance: 0 });
    const { rows } = await sql<{ id: string }>`
      INSERT INTO withdrawals (user_id, type_id, points_spent, usd_value, rate_usd_per_point,
                               destination, status)
      SELECT ${player.user_id}, 'paypal_10', 10, 0.01, 0.001, 'live' || g || '@example.com',
             'pending'
      FROM generate_series(1, ${BULK_DECISION_MAX}) AS g
      RETURNING id::text`.execute(t.db);
    const ids = rows.map((row) => row.id);
    const inserted = changesOf(await receivedSince(0), 'withdrawals', 'created').filter((c) =>
      c.ids.includes(ids[0] as string),
    );
    expect(inserted.length).toBeGreaterThan(0);

    const mark = stream.events.length;
    const res = await ok(admin.patch('/api/admin/withdrawals/bulk', { ids, action: 'reject' }));
    expect(res.updated).toBe(BULK_DECISION_MAX);
    const events = await receivedSince(mark);

    const updates = changesOf(events, 'withdrawals', 'updated');
    // 1,000 ids do not fit one 8,000-byte payload: chunked, each chunk under the limit.
    expect(updates.length).toBeGreaterThanOrEqual(1);
    expect(updates.length).toBeLessThanOrEqual(2);
    for (const change of updates) {
      expect(Buffer.byteLength(JSON.stringify(change))).toBeLessThan(8000);
    }
    const union = updates.flatMap((c) => c.ids);
    expect(union).toHaveLength(BULK_DECISION_MAX);
    expect(new Set(union)).toEqual(new Set(ids));
    // Its refund (one player) and its 1,000 audit rows are one statement each as well.
    expect(changesOf(events, 'users', 'updated')).toEqual([
      { topic: 'resource/users', type: 'updated', ids: [player.user_id] },
    ]);
    expect(changesOf(events, 'audit', 'created').length).toBeLessThanOrEqual(2);
  });

  it('a new withdrawal: created alone; a pending one its destination now shares, updated', async () => {
    const destination = `shared-${Date.now()}@example.com`;
    const first = await insertWithdrawal(t.db, {
      userId: (await t.user()).user_id,
      destination,
    });
    await heard('withdrawals', 'created', String(first.id));
    const mark = stream.events.length;
    const second = await insertWithdrawal(t.db, {
      userId: (await t.user()).user_id,
      destination,
    });
    const events = await receivedSince(mark);
    const ids = (type: string) =>
      changesOf(events, 'withdrawals', type).flatMap((change) => change.ids);
    expect(ids('created')).toEqual([String(second.id)]);
    // The first one's risk moved (a shared destination): the queue must show it.
    expect(ids('updated')).toEqual([String(first.id)]);
  });

  it('a bulk change of bots: one event with every id', async () => {
    const bots = await Promise.all([insertBot(t.db), insertBot(t.db), insertBot(t.db)]);
    const ids = bots.map((b) => b.bot_id);
    const mark = stream.events.length;
    await ok(admin.patch('/api/admin/bots/bulk', { ids, active: false }));
    const updates = changesOf(await receivedSince(mark), 'bots', 'updated');
    expect(updates).toHaveLength(1);
    expect(updates[0]?.ids.sort()).toEqual([...ids].sort());
  });

  it('a withdrawal type toggle', async () => {
    const type = await ok(
      admin.post('/api/admin/withdrawal-types', { key: `live_${Date.now()}`, title: 'Live' }),
    );
    await heard('withdrawal-types', 'created', type._id);
    await ok(admin.call('PATCH', `/api/admin/withdrawal-types/${type._id}/toggle`));
    await heard('withdrawal-types', 'updated', type._id);
  });

  it('a Unity deck copy', async () => {
    const [from, to] = ['2032-03-01', '2032-03-02'];
    await ok(
      admin.call('PUT', `/api/admin/unity-decks/${from}`, { cards: [{ index: 0, amount: 5 }] }),
    );
    await heard('decks', 'created', from);
    await ok(admin.post('/api/admin/unity-decks/copy', { fromDateKey: from, toDateKey: to }));
    await heard('decks', 'created', to);
    await ok(admin.delete(`/api/admin/unity-decks/${to}`));
    await heard('decks', 'deleted', to);
  });

  it('a legal publish and an activation', async () => {
    const body = (text: string) => ({
      type: 'terms',
      contentText: text,
      contentHtml: `<p>${text}</p>`,
      isActive: true,
    });
    const v1 = (await ok(admin.post('/api/admin/legal', body('One')))).doc;
    await heard('legal', 'created', v1._id);
    const v2 = (await ok(admin.post('/api/admin/legal', body('Two')))).doc;
    await heard('legal', 'created', v2._id);
    // Publishing v2 took v1 down.
    await heard('legal', 'updated', v1._id);
    const mark = stream.events.length;
    await ok(admin.call('PATCH', `/api/admin/legal/${v1._id}/activate`));
    const updated = changesOf(await receivedSince(mark), 'legal', 'updated').flatMap((c) => c.ids);
    expect(new Set(updated)).toEqual(new Set([v1._id, v2._id]));
  });

  it('a settings save: topic settings, id the key', async () => {
    await ok(
      admin.patch('/api/admin/settings/referral', { maxReferralsPerUser: 3, pointsPerReferral: 9 }),
    );
    await heard('settings', 'created', 'referral');
    await ok(
      admin.patch('/api/admin/settings/referral', { maxReferralsPerUser: 4, pointsPerReferral: 9 }),
    );
    await heard('settings', 'updated', 'referral');
  });

  it('an integrations save: its own topic, not settings', async () => {
    const mark = stream.events.length;
    await ok(admin.patch('/api/admin/integrations', integrationsBody()));
    const events = await receivedSince(mark);
    expect(events.some((e) => changeOf('integrations', 'created', 'integrations')(e))).toBeTruthy();
    const settings = [
      ...changesOf(events, 'settings', 'created'),
      ...changesOf(events, 'settings', 'updated'),
    ];
    expect(settings).toEqual([]);
  });

  it('a user edit made through the API', async () => {
    const player = await t.user();
    await ok(admin.patch(`/api/admin/users/${player.user_id}`, { balance: 77 }));
    await heard('users', 'updated', player.user_id);
  });
});
