import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness';
import { countByStatus } from './row-counts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function exact(table: 'users' | 'withdrawals', status?: string) {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::bigint AS n FROM ${sql.table(table)}
    WHERE ${status ?? null}::text IS NULL OR status = ${status ?? null}`.execute(t.db);
  return rows[0]?.n ?? 0;
}

describe('kept row counts', () => {
  it('match a real count through inserts, status changes (single and bulk) and deletes', async () => {
    for (const status of ['active', 'active', 'pending', 'disabled'] as const)
      await t.user({ status });
    await sql`UPDATE users SET status = 'disabled' WHERE status = 'pending'`.execute(t.db);
    await sql`UPDATE users SET balance = balance + 1`.execute(t.db); // no status change
    const one = await t.user({ status: 'pending' });
    await sql`DELETE FROM sessions WHERE user_id = ${one.id}`.execute(t.db);
    await sql`DELETE FROM users WHERE id = ${one.id}`.execute(t.db);

    for (const status of [undefined, 'active', 'pending', 'disabled']) {
      expect(await countByStatus(t.db, 'users', status), String(status)).toBe(
        await exact('users', status),
      );
    }
    expect(await countByStatus(t.db, 'users')).toBe(4);
  });

  it('start over after a TRUNCATE', async () => {
    await sql`TRUNCATE withdrawals`.execute(t.db);
    expect(await countByStatus(t.db, 'withdrawals')).toBe(0);
    expect(await countByStatus(t.db, 'withdrawals', 'pending')).toBe(0);
  });

  it('serve the unfiltered list total and the dashboard summary', async () => {
    const admin = await t.user({ admin: true });
    const token = await t.login(admin.username, admin.password);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users?status=disabled',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.json().total).toBe(await exact('users', 'disabled'));
    const summary = await t.app.inject({
      method: 'GET',
      url: '/api/admin/stats/summary',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(summary.json()).toEqual({
      pendingWithdrawals: await exact('withdrawals', 'pending'),
      totalUsers: await exact('users'),
    });
  });
});
