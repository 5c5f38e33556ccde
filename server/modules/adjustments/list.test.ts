import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Adjustment } from '../../../contract/adjustments';
import { pendingCredit, setPointsThreshold } from '../../test/adjustments';
import { type SignedIn, signedIn } from '../../test/client';
import { bearer, createTestContext, type TestContext } from '../../test/harness';
import { addressOf, changeOf, openStream } from '../../test/live';

// GET /api/admin/adjustments (users:read): filters, sorts, pages; and the live topic.

let t: TestContext;
let ann: SignedIn;
let ben: SignedIn;
let reader: SignedIn;
let playerA: string;
let credits: Adjustment[];

const decide = (id: string, action: 'approve' | 'reject') =>
  ben.patch(`/api/admin/adjustments/${id}/decision`, { action });

beforeAll(async () => {
  t = await createTestContext();
  ann = await signedIn(t);
  ben = await signedIn(t);
  reader = await signedIn(t, { permissions: ['users:read'] });
  await setPointsThreshold(t, 100);
  playerA = (await t.user()).user_id;
  credits = [];
  // Oldest first: A 100, B 400, A 300, B 200, A 500; then one approved, one rejected.
  const playerB = (await t.user()).user_id;
  for (const [delta, userId] of [
    [100, playerA],
    [400, playerB],
    [300, playerA],
    [200, playerB],
    [500, playerA],
  ] as const) {
    credits.push((await pendingCredit(t, ann, delta, { userId })).adjustment);
  }
  await decide(credits[0]?._id ?? '', 'approve');
  await decide(credits[1]?._id ?? '', 'reject');
});
afterAll(() => t.close());

async function list(query: string) {
  const res = await reader.get(`/api/admin/adjustments?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Adjustment[]; total: number; page: number; limit: number };
}
const deltas = (items: Adjustment[]) => items.map((item) => item.delta);

describe('GET /api/admin/adjustments', () => {
  it('newest first by default; each item as the record answers it', async () => {
    const all = await list('');
    expect(all).toMatchObject({ total: 5, page: 1, limit: 20 });
    expect(deltas(all.items)).toEqual([500, 200, 300, 400, 100]);
    expect(all.items[4]).toMatchObject({ status: 'approved', decidedBy: ben.user.username });
    const one = await reader.get(`/api/admin/adjustments/${credits[2]?._id}`);
    const { approvalRefusal, ...record } = one.json();
    expect(record).toEqual(all.items[2]);
    // The reader did not ask for it: nothing in the record refuses them.
    expect(approvalRefusal).toBeNull();
  });

  it('filters by status and player, and by ids', async () => {
    expect(deltas((await list('status=pending')).items)).toEqual([500, 200, 300]);
    expect(deltas((await list('status=approved')).items)).toEqual([100]);
    expect(deltas((await list('status=rejected')).items)).toEqual([400]);
    const mine = await list(`userId=${playerA}&status=pending`);
    expect(mine).toMatchObject({ total: 2 });
    expect(deltas(mine.items)).toEqual([500, 300]);
    expect((await list('userId=nobody')).total).toBe(0);
    const ids = await list(`ids=${credits[1]?._id}&ids=${credits[3]?._id}&ids=abc`);
    expect(deltas(ids.items)).toEqual([200, 400]);
  });

  it('sorts by each field both ways, and pages with the filtered total', async () => {
    expect(deltas((await list('sort=delta:asc')).items)).toEqual([100, 200, 300, 400, 500]);
    expect(deltas((await list('sort=delta:desc')).items)).toEqual([500, 400, 300, 200, 100]);
    expect(deltas((await list('sort=requestedAt:asc')).items)).toEqual([100, 400, 300, 200, 500]);
    const byStatus = (await list('sort=status:asc')).items.map((item) => item.status);
    expect(byStatus).toEqual(['approved', 'pending', 'pending', 'pending', 'rejected']);
    // The decided ones in decision order; pending ones (no decision) after them ascending.
    expect(deltas((await list('sort=decidedAt:asc')).items).slice(0, 2)).toEqual([100, 400]);
    const second = await list('sort=delta:asc&page=2&limit=2');
    expect(second).toMatchObject({ total: 5, page: 2, limit: 2 });
    expect(deltas(second.items)).toEqual([300, 400]);
    expect((await list('page=4&limit=2')).items).toEqual([]);
  });

  it('refuses an unknown status or sort: 400 naming the field', async () => {
    for (const [query, field] of [
      ['status=paid', 'status'],
      ['sort=user:asc', 'sort'],
      ['limit=101', 'limit'],
    ]) {
      const res = await reader.get(`/api/admin/adjustments?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
    }
  });
});

describe('live', () => {
  it('a request and its decision are heard on resource/adjustments by a users:read admin', async () => {
    const stream = await openStream(await addressOf(t.app), bearer(reader.token));
    try {
      expect(stream.status).toBe(200);
      const { userId, adjustment } = await pendingCredit(t, ann, 150);
      await stream.next(changeOf('adjustments', 'created', adjustment._id));
      await decide(adjustment._id, 'approve');
      const heard = await stream.next(changeOf('adjustments', 'updated', adjustment._id));
      expect(heard.data).toEqual({
        topic: 'resource/adjustments',
        type: 'updated',
        ids: [adjustment._id],
      });
      // The credit moved the balance: the user's record changed too.
      await stream.next(changeOf('users', 'updated', userId));
    } finally {
      stream.close();
    }
  });
});
