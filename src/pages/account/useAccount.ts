import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';

/** What My account loads, each its own query: a section refreshes alone. */
const KEYS = {
  me: ['account', 'me'],
  twoStep: ['account', 'two-step'],
  sessions: ['account', 'sessions'],
  warning: ['account', 'two-step-warning'],
} as const;

type Part = keyof typeof KEYS;

/** Fresh on each visit; a failure shows in its section (with Retry), after one more try. */
const useAccountQuery = <T>(
  part: Part,
  load: (signal: AbortSignal) => Promise<T>,
  enabled = true,
) =>
  useQuery({
    queryKey: KEYS[part],
    queryFn: ({ signal }) => load(signal),
    enabled,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: 1,
    retryDelay: 500,
  });

/** The signed-in admin, as `GET auth/me` answers. */
export const useMe = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useAccountQuery('me', dataProvider.getMe);
};

/** Their two-step sign-in: on or off, since when, recovery codes left, whether required. */
export const useTwoStepStatus = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useAccountQuery('twoStep', dataProvider.getTwoStep);
};

/** Wrong two-step codes typed after their right password, if any (null when none). */
export const useTwoStepWarning = (enabled = true) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useAccountQuery(
    'warning',
    async (signal) => (await dataProvider.getTwoStepWarning(signal)).warning,
    enabled,
  );
};

/** Their sessions, the current one first. */
export const useSessions = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useAccountQuery(
    'sessions',
    async (signal) => (await dataProvider.getSessions(signal)).data,
  );
};

/** Loads a part of the page again (after a change that moves it). */
export const useReloadAccount = () => {
  const client = useQueryClient();
  return (part: Part) => client.invalidateQueries({ queryKey: KEYS[part] });
};
