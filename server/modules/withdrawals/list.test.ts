import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Withdrawal } from '../../../contract/withdrawals';
import { insertWithdrawal, type WithdrawalRow } from '../../test/fixtures';
import { bearer, createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let headers: ReturnType<typeof bearer>;
let alice: Awaited<ReturnType<TestContext['user']>>;
let bob: Awaited<ReturnType<TestContext['user']>>;
let rows: WithdrawalRow[];

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

beforeAll(async () => {
  t = await createTestContext();
  const admin = await t.user({ admin: true });
  headers = bearer(await t.login(admin.username, admin.password));
  alice = await t.user({ username: 'alice_w' });
  bob = await t.user({ username: 'bob_w' });
  rows = [
    await insertWithdrawal(t.db, {
      userId: alice.user_id,
      typeId: 'paypal_10',
      pointsSpent: 1000,
      fixedUsdAmount: '10.00',
      destination: 'Alice.Pay@Example.com',
      createdAt: minutesAgo(50),
    }),
    await insertWithdrawal(t.db, {
      userId: alice.user_id,
      typeId: 'amazon_5',
      pointsSpent: 500,
      rateUsdPerPoint: '0.0125',
      destination: 'pay_me%now',
      status: 'approved',
      createdAt: minutesAgo(40),
    }),
    await insertWithdrawal(t.db, {
      userId: bob.user_id,
      typeId: 'paypal_10',
      pointsSpent: 2000,
      destination: 'payXme',
      createdAt: minutesAgo(30),
    }),
    await insertWithdrawal(t.db, {
      userId: bob.user_id,
      typeId: 'GIFT_card',
      pointsSpent: 300,
      destination: 'bob@gift.example',
      status: 'rejected',
      createdAt: minutesAgo(20),
    }),
    await insertWithdrawal(t.db, {
      userId: bob.user_id,
      typeId: 'paypal_10',
      pointsSpent: 700,
      destination: 'bob@paypal.example',
      createdAt: minutesAgo(10),
    }),
  ];
});
afterAll(() => t.close());

const idOf = (row: WithdrawalRow) => String(row.id);

async function list(query: Record<string, string | number> = {}) {
  const search = new URLSearchParams(
    Object.entries(query).map(([k, v]) => [k, String(v)]),
  ).toString();
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/withdrawals?${search}`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Withdrawal[]; total: number; page: number; limit: number };
}

const ids = (items: Withdrawal[]) => items.map((w) => w._id);

describe('GET /api/admin/withdrawals', () => {
  it('lists newest first, 20 a page, joined with the player, numbers as numbers', async () => {
    const body = await list();
    expect(body).toMatchObject({ total: 5, page: 1, limit: 20 });
    expect(ids(body.items)).toEqual(rows.map(idOf).reverse());

    const first = body.items.at(-1);
    expect(first).toEqual({
      _id: idOf(rows[0] as WithdrawalRow),
      userId: alice.user_id,
      user: { username: 'alice_w', email: alice.email, status: 'active' },
      typeId: 'paypal_10',
      pointsSpent: 1000,
      usdValue: 10,
      rateUsdPerPoint: 0.001,
      fixedUsdAmount: 10,
      destination: 'Alice.Pay@Example.com',
      status: 'pending',
      adminNote: null,
      createdAt: rows[0]?.created_at.toISOString(),
      updatedAt: expect.any(String),
      decidedAt: null,
      decidedBy: null,
      approvalsRequired: 1,
      approvals: [],
      reasonCode: null,
      risk: { level: null, count: 0 },
    });
    expect(body.items.find((w) => w.typeId === 'amazon_5')).toMatchObject({
      rateUsdPerPoint: 0.0125,
      usdValue: 6.25,
      fixedUsdAmount: null,
    });
  });

  it('searches userId, destination and typeId by any part, in any case', async () => {
    const bobIds = rows.filter((r) => r.user_id === bob.user_id).map(idOf);
    expect(ids((await list({ q: bob.user_id.slice(2, 8).toUpperCase() })).items).sort()).toEqual(
      bobIds.sort(),
    );
    expect(ids((await list({ q: 'alice.PAY@' })).items)).toEqual([idOf(rows[0] as WithdrawalRow)]);
    expect(ids((await list({ q: 'gift_C' })).items)).toEqual([idOf(rows[3] as WithdrawalRow)]);
    expect((await list({ q: 'PAYPAL_1' })).total).toBe(3);
  });

  it('takes % and _ in the search literally', async () => {
    expect(ids((await list({ q: 'y_m' })).items)).toEqual([idOf(rows[1] as WithdrawalRow)]);
    expect(ids((await list({ q: 'me%n' })).items)).toEqual([idOf(rows[1] as WithdrawalRow)]);
    expect((await list({ q: '%' })).total).toBe(1);
    expect((await list({ q: 'nothing-like-this' })).items).toEqual([]);
  });

  it('filters by status, alone and with a search', async () => {
    const pending = await list({ status: 'pending' });
    expect(pending.total).toBe(3);
    expect(pending.items.every((w) => w.status === 'pending')).toBe(true);
    expect((await list({ status: 'approved' })).items.map((w) => w.typeId)).toEqual(['amazon_5']);
    expect((await list({ status: 'pending', q: 'bob@' })).total).toBe(1);
    expect((await list({ status: '' })).total).toBe(5);
  });

  it('sorts on the allow-list and pages with a stable order', async () => {
    const byPoints = await list({ sort: 'pointsSpent:asc' });
    expect(byPoints.items.map((w) => w.pointsSpent)).toEqual([300, 500, 700, 1000, 2000]);
    const byUsd = await list({ sort: 'usdValue:desc' });
    expect(byUsd.items.map((w) => w.usdValue)).toEqual([10, 6.25, 2, 0.7, 0.3]);

    // Three pending rows tie on status: id breaks the tie, so pages never overlap.
    const all = await list({ sort: 'status:asc' });
    const paged: Withdrawal[] = [];
    for (const page of [1, 2, 3]) {
      const body = await list({ sort: 'status:asc', limit: 2, page });
      expect(body).toMatchObject({ total: 5, page, limit: 2 });
      paged.push(...body.items);
    }
    expect(ids(paged)).toEqual(ids(all.items));
    expect(all.items.map((w) => w.status)).toEqual([
      'approved',
      'pending',
      'pending',
      'pending',
      'rejected',
    ]);
    expect((await list({ page: 4, limit: 2 })).items).toEqual([]);
  });

  it('refuses a sort off the allow-list, a bad status and unknown parameters', async () => {
    for (const query of ['sort=destination:asc', 'status=done', 'limit=101', 'page=0', 'x=1']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/withdrawals?${query}`,
        headers,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('invalid_input');
    }
  });
});

describe('GET /api/admin/withdrawals/:id', () => {
  it('answers one withdrawal with its player', async () => {
    const row = rows[2] as WithdrawalRow;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/withdrawals/${row.id}`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: idOf(row),
      user: { username: 'bob_w' },
      pointsSpent: 2000,
      usdValue: 2,
    });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['999999', 'abc', '0', '01', '1.5', '-1', '99999999999999999999']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/withdrawals/${id}`,
        headers,
      });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ error: 'Withdrawal not found', code: 'not_found' });
    }
  });
});

// Last: it adds rows the tests above do not expect.
describe('GET /api/admin/withdrawals, many pages', () => {
  it('pages alike near the top and deep down, its total the kept count', async () => {
    await sql`
      INSERT INTO withdrawals (user_id, type_id, points_spent, usd_value, rate_usd_per_point,
                               destination, status, created_at)
      SELECT ${alice.user_id}, 'paypal_10', g, 1, 0.001, 'deep-' || g, 'pending',
             now() - g * interval '1 minute'
      FROM generate_series(1, 150) AS g`.execute(t.db);
    const first = await list({ status: 'pending', limit: 100, page: 1 });
    const second = await list({ status: 'pending', limit: 100, page: 2 });
    const all = ids([...first.items, ...second.items]);
    expect(all).toHaveLength(153);
    // Offset 120 reads its ids first; offsets up to 100 read their rows at once.
    const deep = await list({ status: 'pending', limit: 20, page: 7 });
    expect(ids(deep.items)).toEqual(all.slice(120, 140));
    for (const page of [first, second, deep]) expect(page.total).toBe(153);
    const past = await list({ status: 'pending', limit: 20, page: 1000 });
    expect(past).toMatchObject({ items: [], total: 153 });
  });
});
