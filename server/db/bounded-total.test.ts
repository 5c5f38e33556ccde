import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTAL_BOUND } from '../../contract/lists';
import { type SignedIn, signedIn } from '../test/client';
import { createTestContext, type TestContext } from '../test/harness';

// A list counts its matches up to TOTAL_BOUND only: past it the total is the bound, flagged as a
// lower bound, and the pages still come as before.

let t: TestContext;
let admin: SignedIn;
const tag = randomBytes(4).toString('hex');

// TOTAL_BOUND users called within_{tag}_{n} and one more, beyond_{tag}_{n}: balances 1 to the
// bound plus one, each with one pending withdrawal to pay-{tag}-{n}.
const MATCHING = TOTAL_BOUND + 1;

beforeAll(async () => {
  t = await createTestContext();
  admin = await signedIn(t);
  await sql`
    INSERT INTO users (user_id, username, email, status, balance, referral_code)
    SELECT 'u_' || ${tag} || '_' || g, n.name, n.name || '@example.com', 'active', g,
           'R' || ${tag} || g
    FROM generate_series(1, ${MATCHING}) AS g
    CROSS JOIN LATERAL (SELECT CASE WHEN g <= ${TOTAL_BOUND} THEN 'within_' ELSE 'beyond_' END
                                 || ${tag} || '_' || g AS name) AS n`.execute(t.db);
  await sql`
    INSERT INTO withdrawals (user_id, type_id, points_spent, usd_value, rate_usd_per_point,
                             destination, status)
    SELECT 'u_' || ${tag} || '_' || g, 'bulk_5', g, 5, 0.001, 'pay-' || ${tag} || '-' || g,
           'pending'
    FROM generate_series(1, ${MATCHING}) AS g`.execute(t.db);
});
afterAll(() => t.close());

interface Page {
  items: Record<string, unknown>[];
  total: number;
  totalIsLowerBound?: boolean;
  page: number;
  limit: number;
}

async function list(url: string): Promise<Page> {
  const res = await admin.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const balances = (page: Page) => page.items.map((user) => user.balance);
/** `count` numbers down from `from`. */
const downFrom = (from: number, count: number) => Array.from({ length: count }, (_, i) => from - i);

describe('a list total past the bound', () => {
  it('is exact up to the bound, then the bound with totalIsLowerBound; pages still come', async () => {
    const exact = await list(`/api/admin/users?q=within_${tag}`);
    expect(exact.total).toBe(TOTAL_BOUND);
    expect(exact.totalIsLowerBound).toBeUndefined();

    const first = await list(`/api/admin/users?q=${tag}&sort=balance:desc`);
    expect(first).toMatchObject({ total: TOTAL_BOUND, totalIsLowerBound: true, page: 1 });
    expect(balances(first)).toEqual(downFrom(MATCHING, 20));

    // The last page the bound reaches, and the one past it, in the same order.
    const last = await list(`/api/admin/users?q=${tag}&sort=balance:desc&page=500`);
    expect(balances(last)).toEqual(downFrom(21, 20));
    const past = await list(`/api/admin/users?q=${tag}&sort=balance:desc&page=501`);
    expect(balances(past)).toEqual([1]);
    expect(past).toMatchObject({ total: TOTAL_BOUND, totalIsLowerBound: true });

    const narrow = await list(`/api/admin/users?q=within_${tag}_1000`);
    expect(narrow.total).toBe(2); // 1000 and 10000
    expect(narrow.totalIsLowerBound).toBeUndefined();
  });

  it('leaves the kept count of the unfiltered users list exact, however large', async () => {
    const all = await list('/api/admin/users?limit=1');
    expect(all.total).toBeGreaterThan(TOTAL_BOUND);
    expect(all.totalIsLowerBound).toBeUndefined();
  });

  it('bounds a withdrawals search, with or without a status', async () => {
    for (const status of ['', '&status=pending']) {
      const found = await list(`/api/admin/withdrawals?q=pay-${tag}${status}`);
      expect(found, status).toMatchObject({ total: TOTAL_BOUND, totalIsLowerBound: true });
      expect(found.items).toHaveLength(20);
    }
    const none = await list(`/api/admin/withdrawals?q=pay-${tag}&status=approved`);
    expect(none).toMatchObject({ items: [], total: 0 });
    const one = await list(`/api/admin/withdrawals?q=pay-${tag}-1234`);
    expect(one.total).toBe(1);
    expect(one.totalIsLowerBound).toBeUndefined();
  });

  it('bounds the audit log, and counts one record history exactly', async () => {
    await sql`
      INSERT INTO audit_log (actor, action, entity, entity_id, before, after)
      SELECT 'system', 'bot.update', 'bot', CASE WHEN g <= 3 THEN ${tag} ELSE 'b' || g END,
             '{}'::jsonb, '{}'::jsonb
      FROM generate_series(1, ${TOTAL_BOUND + 1}) AS g`.execute(t.db);
    const log = await list('/api/admin/audit');
    expect(log).toMatchObject({ total: TOTAL_BOUND, totalIsLowerBound: true });
    const history = await list(`/api/admin/audit?entity=bot&entityId=${tag}`);
    expect(history.total).toBe(3);
    expect(history.totalIsLowerBound).toBeUndefined();
    // Each page, and one past the last, gives the same exact total.
    for (const [page, rows] of [
      [1, 2],
      [2, 1],
      [3, 0],
    ]) {
      const paged = await list(`/api/admin/audit?entity=bot&entityId=${tag}&page=${page}&limit=2`);
      expect(paged.items, `page ${page}`).toHaveLength(rows as number);
      expect(paged.total, `page ${page}`).toBe(3);
    }
  });
});
