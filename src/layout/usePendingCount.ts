import { useGetList } from 'react-admin';
import { useAllowed } from '../access/useAllowed';
import { useStatsSummary } from '../components/useStatsSummary';
import { PENDING_ADJUSTMENTS } from '../endpoints';
import { totalIsLowerBound } from '../listMeta';
import { useLiveStatus } from '../live/status';
import { useTwoStepSetupRequired } from '../twoStepGate';

/** An admin who may read the screen's list, once two-step set-up is not due (all is refused then). */
const useAsked = (screen: string) => {
  const { allowed } = useAllowed('list', screen);
  const confined = useTwoStepSetupRequired();
  return allowed && !confined;
};

/**
 * How many withdrawals wait for a decision (undefined until known, and for an admin who may not
 * read them): the dashboard's summary, kept current by its `stats` events.
 */
const usePendingWithdrawals = (): PendingCount | undefined => {
  const asked = useAsked('withdrawals');
  const { data } = useStatsSummary(asked);
  const count = data?.pendingWithdrawals;
  return asked && count !== undefined ? { count } : undefined;
};

/** GET /admin/adjustments?status=pending&limit=1: one row is enough, `total` says how many. */
const PENDING = {
  filter: { status: PENDING_ADJUSTMENTS.status },
  meta: { unpaged: true, query: { limit: PENDING_ADJUSTMENTS.limit } },
};

/**
 * How many credits wait for a second admin: a list's total, reloaded with the adjustments'
 * lists by their live events (src/live/refresh.ts), every minute while the stream is down.
 */
const usePendingAdjustments = (): PendingCount | undefined => {
  const asked = useAsked('adjustments');
  const live = useLiveStatus() === 'live';
  const { total, meta } = useGetList('adjustments', PENDING, {
    staleTime: 60_000,
    refetchInterval: live ? false : 60_000,
    enabled: asked,
    retry: 1,
    retryDelay: 500,
  });
  return asked && total !== undefined
    ? { count: total, orMore: totalIsLowerBound(meta) }
    : undefined;
};

/** A count beside a menu link; `orMore` when it is a lower bound (a list's, past 10,000). */
export interface PendingCount {
  count: number;
  orMore?: boolean;
}

/** The counts the menu shows beside its links, by screen (a resource's name). */
export const usePendingCounts = (): Record<string, PendingCount | undefined> => ({
  withdrawals: usePendingWithdrawals(),
  adjustments: usePendingAdjustments(),
});
