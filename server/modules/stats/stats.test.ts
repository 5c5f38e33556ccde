import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsersOverTime } from '../../../contract/stats';
import { type SignedIn, signedIn } from '../../test/client';
import { insertWithdrawal } from '../../test/fixtures';
import { createTestContext, type TestContext } from '../../test/harness';

// A database of its own: every user in it is one this file made, so counts are exact. The ages
// keep clear of bucket edges, so a test that runs across midnight or an hour's end still holds.
let t: TestContext;
let admin: SignedIn;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  t = await createTestContext();
  admin = await signedIn(t);
  const ago = [
    0.2 * HOUR,
    2 * HOUR,
    5 * HOUR,
    5.1 * HOUR,
    22 * HOUR,
    25 * HOUR,
    3 * DAY,
    5.5 * DAY,
    8 * DAY,
    20 * DAY,
    28.5 * DAY,
    31 * DAY,
    45 * DAY,
  ];
  for (const ms of ago) await t.user({ createdAt: new Date(Date.now() - ms) });
});
afterAll(() => t.close());

const allCreatedAt = async () =>
  (await t.db.selectFrom('users').select('created_at').execute()).map((r) => r.created_at);

async function stats(query: string): Promise<UsersOverTime> {
  const res = await admin.get(`/api/admin/stats/users${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const hourLabel = (d: Date) => `${d.toISOString().slice(0, 13)}:00:00Z`;
const dayLabel = (d: Date) => d.toISOString().slice(0, 10);
/** The gaps between consecutive times. */
const steps = (times: number[]) => times.slice(1).map((time, i) => time - (times[i] ?? 0));

describe('GET /api/admin/stats/users', () => {
  it('day: 24 hourly UTC buckets, the current hour last, each user in its hour', async () => {
    const before = new Date();
    const body = await stats('?range=day');
    const after = new Date();
    expect(body.range).toBe('day');
    expect(body.labels).toHaveLength(24);
    expect(body.data).toHaveLength(24);
    for (const label of body.labels) expect(label).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00:00Z$/);
    expect([hourLabel(before), hourLabel(after)]).toContain(body.labels.at(-1));
    // Consecutive hours, oldest first.
    expect(steps(body.labels.map((l) => Date.parse(l)))).toEqual(Array(23).fill(HOUR));

    const created = await allCreatedAt();
    const expected = body.labels.map((l) => created.filter((d) => hourLabel(d) === l).length);
    expect(body.data).toEqual(expected);
    expect(body.totalInRange).toBe(expected.reduce((a, b) => a + b, 0));
    // The admin and the users of the last 22 hours; not the one of 25 hours ago.
    expect(body.totalInRange).toBe(6);
  });

  it('week and month: 7 and 30 daily UTC buckets, today last', async () => {
    const created = await allCreatedAt();
    for (const [range, days, total] of [
      ['week', 7, 9],
      ['month', 30, 12],
    ] as const) {
      const before = dayLabel(new Date());
      const body = await stats(`?range=${range}`);
      const after = dayLabel(new Date());
      expect(body.labels).toHaveLength(days);
      expect([before, after]).toContain(body.labels.at(-1));
      const starts = body.labels.map((l) => Date.parse(`${l}T00:00:00Z`));
      expect(steps(starts)).toEqual(Array(days - 1).fill(DAY));
      const expected = body.labels.map((l) => created.filter((d) => dayLabel(d) === l).length);
      expect(body.data).toEqual(expected);
      expect(body.totalInRange).toBe(total);
    }
  });

  it('defaults to week, also for an empty range, and rejects an unknown one', async () => {
    expect((await stats('')).range).toBe('week');
    expect((await stats('?range=')).labels).toHaveLength(7);
    const bad = await admin.get('/api/admin/stats/users?range=year');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'invalid_input',
      fields: { range: expect.any(String) },
    });
  });
});

describe('GET /api/admin/stats/summary', () => {
  it('counts pending withdrawals and all users, and dates the oldest pending one', async () => {
    const player = await t.user({ status: 'disabled' });
    const before = (await admin.get('/api/admin/stats/summary')).json();
    const dated = [
      ['pending', '2026-03-02T10:00:00.000Z'],
      ['pending', '2026-03-01T09:30:00.000Z'],
      ['pending', '2026-03-03T08:00:00.000Z'],
      // older, but decided: not waiting
      ['approved', '2026-01-01T00:00:00.000Z'],
      ['rejected', '2026-01-02T00:00:00.000Z'],
    ] as const;
    for (const [status, at] of dated) {
      await insertWithdrawal(t.db, { userId: player.user_id, status, createdAt: new Date(at) });
    }
    const res = await admin.get('/api/admin/stats/summary');
    expect(res.statusCode).toBe(200);
    // 13 dated users, the admin and this player.
    expect(res.json()).toEqual({
      pendingWithdrawals: before.pendingWithdrawals + 3,
      oldestPendingAt: '2026-03-01T09:30:00.000Z',
      totalUsers: 15,
    });
    expect(before).toMatchObject({ pendingWithdrawals: 0, oldestPendingAt: null });
  });
});
