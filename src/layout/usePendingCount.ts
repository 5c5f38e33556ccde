import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { useAllowed } from '../access/useAllowed';
import { useStatsSummary } from '../components/useStatsSummary';
import type { AppDataProvider } from '../dataProvider';
import { PENDING_ADJUSTMENTS_KEY } from '../live/refresh';
import { useLiveStatus } from '../live/useSubscribe';
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
const usePendingWithdrawals = (): number | undefined => {
  const asked = useAsked('withdrawals');
  const { data } = useStatsSummary(asked);
  return asked ? data?.pendingWithdrawals : undefined;
};

/**
 * How many credits wait for a second admin: the list's total, reloaded by the adjustments'
 * live events (src/live/refresh.ts), every minute while the stream is down.
 */
const usePendingAdjustments = (): number | undefined => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const asked = useAsked('adjustments');
  const live = useLiveStatus() === 'live';
  const { data } = useQuery({
    queryKey: PENDING_ADJUSTMENTS_KEY,
    queryFn: async ({ signal }) => (await dataProvider.countPendingAdjustments(signal)).total,
    staleTime: 60_000,
    refetchInterval: live ? false : 60_000,
    enabled: asked,
    retry: 1,
    retryDelay: 500,
  });
  return asked ? data : undefined;
};

/** The counts the menu shows beside its links, by screen (a resource's name). */
export const usePendingCounts = (): Record<string, number | undefined> => ({
  withdrawals: usePendingWithdrawals(),
  adjustments: usePendingAdjustments(),
});
