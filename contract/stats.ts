import { z } from 'zod';

export const STATS_RANGES = ['day', 'week', 'month'] as const;
export const StatsRange = z.enum(STATS_RANGES);
export type StatsRange = z.infer<typeof StatsRange>;

/** GET /admin/stats/users?range=day|week|month (default week). */
export const UserStatsQuery = z.strictObject({
  range: z.preprocess((v) => (v === '' ? undefined : v), StatsRange.default('week')),
});

/**
 * New users per bucket, in UTC: 24 hourly buckets for day (labels 'YYYY-MM-DDTHH:00:00Z'),
 * 7 or 30 daily buckets for week and month (labels 'YYYY-MM-DD'), oldest first, the current
 * bucket last.
 */
export const UsersOverTime = z.object({
  range: StatsRange,
  labels: z.array(z.string()),
  data: z.array(z.number().int()),
  totalInRange: z.number().int(),
});
export type UsersOverTime = z.infer<typeof UsersOverTime>;

/** GET /admin/stats/summary */
export const StatsSummary = z.object({
  pendingWithdrawals: z.number().int(),
  /** When the oldest pending withdrawal was requested; null when none is pending. */
  oldestPendingAt: z.string().nullable(),
  totalUsers: z.number().int(),
});
export type StatsSummary = z.infer<typeof StatsSummary>;
