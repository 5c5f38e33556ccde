import { sql } from 'kysely';
import type { StatsRange, StatsSummary, UsersOverTime } from '../../../contract/stats';
import type { Database } from '../../db/connect';
import { keptCount } from '../../db/row-counts';

// Bucket unit, the span from the first bucket's start to the current one's, and the label format.
const RANGES: Record<StatsRange, { unit: string; span: string; label: string }> = {
  day: { unit: 'hour', span: '23 hours', label: 'YYYY-MM-DD"T"HH24:00:00"Z"' },
  week: { unit: 'day', span: '6 days', label: 'YYYY-MM-DD' },
  month: { unit: 'day', span: '29 days', label: 'YYYY-MM-DD' },
};

/**
 * New users per UTC bucket, oldest first, the current bucket last. The buckets are UTC wall-clock
 * `timestamp`s (no time zone, so no DST steps), summed from the per-hour counts the triggers of
 * migration 0007 keep: at most 720 rows for a month, however many users signed up.
 */
export async function usersOverTime(db: Database, range: StatsRange): Promise<UsersOverTime> {
  const { unit, span, label } = RANGES[range];
  const step = sql.raw(`interval '1 ${unit}'`);
  const { rows } = await sql<{ label: string; users: number }>`
    WITH buckets AS (
      SELECT generate_series(current - ${sql.raw(`interval '${span}'`)}, current, ${step}) AS start
      FROM (SELECT date_trunc(${unit}, now() AT TIME ZONE 'UTC') AS current) AS now_utc
    )
    SELECT to_char(b.start, ${label}) AS label, coalesce(sum(s.n), 0)::bigint AS users
    FROM buckets b
    LEFT JOIN user_signups_per_hour s ON s.hour >= b.start AND s.hour < b.start + ${step}
    GROUP BY b.start
    ORDER BY b.start`.execute(db);
  const data = rows.map((row) => row.users);
  return {
    range,
    labels: rows.map((row) => row.label),
    data,
    totalInRange: data.reduce((sum, n) => sum + n, 0),
  };
}

/**
 * The KPI cards in one statement: the kept counts, and when the oldest pending withdrawal was
 * requested (one step along withdrawals_status_created_idx). One snapshot, so the count and the
 * oldest agree (no pending count beside an age, or the other way round).
 */
export async function statsSummary(db: Database): Promise<StatsSummary> {
  const { rows } = await sql<{ pending: number; oldest: Date | null; users: number }>`
    SELECT ${keptCount('withdrawals', 'pending')} AS pending,
      (SELECT created_at FROM withdrawals WHERE status = 'pending'
       ORDER BY created_at LIMIT 1) AS oldest,
      ${keptCount('users')} AS users`.execute(db);
  const row = rows[0];
  return {
    pendingWithdrawals: row?.pending ?? 0,
    oldestPendingAt: row?.oldest?.toISOString() ?? null,
    totalUsers: row?.users ?? 0,
  };
}
