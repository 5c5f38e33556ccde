import { useAllowed } from '../access/useAllowed';
import { useStatsSummary } from '../pages/stats/useStatsSummary';

/** The menu link that shows the pending count. */
export const PENDING_COUNT_SCREEN = 'withdrawals';

/**
 * How many withdrawals wait for a decision, for an admin who may read them (undefined otherwise,
 * and until known): the dashboard's summary, kept current by its `stats` events.
 */
export const usePendingCount = (): number | undefined => {
  const { allowed } = useAllowed('list', PENDING_COUNT_SCREEN);
  const { data } = useStatsSummary(allowed);
  return allowed ? data?.pendingWithdrawals : undefined;
};
