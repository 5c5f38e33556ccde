import { useAllowed } from '../access/useAllowed';
import { useStatsSummary } from '../pages/stats/useStatsSummary';
import { useTwoStepSetupRequired } from '../twoStepGate';

/** The menu link that shows the pending count. */
export const PENDING_COUNT_SCREEN = 'withdrawals';

/**
 * How many withdrawals wait for a decision, for an admin who may read them (undefined otherwise,
 * and until known): the dashboard's summary, kept current by its `stats` events. Not asked while
 * two-step set-up is due: the admin API refuses everything then.
 */
export const usePendingCount = (): number | undefined => {
  const { allowed } = useAllowed('list', PENDING_COUNT_SCREEN);
  const confined = useTwoStepSetupRequired();
  const asked = allowed && !confined;
  const { data } = useStatsSummary(asked);
  return asked ? data?.pendingWithdrawals : undefined;
};
