import { useGetOne } from 'react-admin';
import type { StatsSummary } from '../../contract/stats';
import { useLiveStatus } from '../live/status';

/** One retry, soon: the figures are cheap and Refresh is at hand. */
export const STATS_QUERY_DEFAULTS = { retry: 1, retryDelay: 500 } as const;

const SUMMARY = 'stats-summary';

/**
 * GET /admin/stats/summary (the `stats-summary` resource): the dashboard's KPIs and the menu's
 * pending count read this one query (one request for both: fresh for the minute, a second
 * reader does not ask again); a `stats` event reloads it (src/live/refresh.ts), the minute's
 * refetch is for when the live stream is down.
 */
export const useStatsSummary = (enabled = true) => {
  const live = useLiveStatus() === 'live';
  return useGetOne<StatsSummary & { id: string }>(
    SUMMARY,
    { id: SUMMARY },
    {
      staleTime: 60_000,
      refetchInterval: live ? false : 60_000,
      enabled,
      ...STATS_QUERY_DEFAULTS,
    },
  );
};
