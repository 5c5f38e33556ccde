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
      oldestPendingAt: expect.toBeOneOf([null, expect.any(String)]),
      totalUsers: await exact('users'),
    });
  });
});

describe('kept sign-ups per hour', () => {
  const kept = async () =>
    (
      await sql<{ hour: string; n: number }>`
        SELECT to_char(hour, 'YYYY-MM-DD HH24') AS hour, n FROM user_signups_per_hour
        WHERE n <> 0 ORDER BY hour`.execute(t.db)
    ).rows;
  const counted = async () =>
    (
      await sql<{ hour: string; n: number }>`
        SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24') AS hour,
               count(*)::bigint AS n
        FROM users GROUP BY 1 ORDER BY 1`.execute(t.db)
    ).rows;

  it('match a count of users by UTC hour through bulk inserts, moves and deletes', async () => {
    // In a session whose time zone is not UTC, which must not shift any hour.
    await sql`
      INSERT INTO users (user_id, username, email, referral_code, created_at)
      SELECT 'u_hour_' || g, 'hour' || g, 'hour' || g || '@example.com', 'H' || g,
             timestamptz '2026-03-29 00:30:00+00' + make_interval(mins => g * 25)
      FROM generate_series(1, 12) AS g`.execute(t.db);
    await t.db.connection().execute(async (conn) => {
      await sql`SET TIME ZONE 'Europe/Paris'`.execute(conn);
      await sql`
        UPDATE users SET created_at = created_at - interval '3 hours'
        WHERE user_id IN ('u_hour_1', 'u_hour_2')`.execute(conn);
      await sql`RESET TIME ZONE`.execute(conn);
    });
    await sql`UPDATE users SET balance = balance + 5 WHERE user_id LIKE 'u_hour_%'`.execute(t.db);
    await sql`DELETE FROM users WHERE user_id IN ('u_hour_3', 'u_hour_4', 'u_hour_9')`.execute(
      t.db,
    );

    const rows = await kept();
    expect(rows).toEqual(await counted());
    // 00:55 and 01:20 UTC moved back three hours, whatever the session's zone.
    expect(rows.slice(0, 2)).toEqual([
      { hour: '2026-03-28 21', n: 1 },
      { hour: '2026-03-28 22', n: 1 },
    ]);
  });
});
