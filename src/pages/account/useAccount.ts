import { type RaRecord, useGetOne } from 'react-admin';
import type { AccountSessions } from '../../../contract/account';
import type { TwoStepStatus, TwoStepWarningResponse } from '../../../contract/two-step';
import type { User } from '../../../contract/users';

/** What My account loads, each its own read-only singleton: a section refreshes alone. */
export const ACCOUNT_PARTS = {
  me: 'me',
  twoStep: 'two-step',
  sessions: 'sessions',
  warning: 'two-step-warning',
} as const;

export type AccountPart = keyof typeof ACCOUNT_PARTS;

/** Fresh on each visit; a failure shows in its section (with Retry), after one more try. */
const useAccountRead = <T extends RaRecord>(part: AccountPart) =>
  useGetOne<T>(
    ACCOUNT_PARTS[part],
    { id: ACCOUNT_PARTS[part] },
    { gcTime: 0, refetchOnWindowFocus: false, retry: 1, retryDelay: 500 },
  );

/** The signed-in admin, as `GET auth/me` answers. */
export const useMe = () => useAccountRead<User & RaRecord>('me');

/** Their two-step sign-in: on or off, since when, recovery codes left, whether required. */
export const useTwoStepStatus = () => useAccountRead<TwoStepStatus & RaRecord>('twoStep');

/** Wrong two-step codes typed after their right password, if any (`warning` null when none). */
export const useTwoStepWarning = () => useAccountRead<TwoStepWarningResponse & RaRecord>('warning');

/** Their sessions (`data`), the current one first. */
export const useSessions = () => useAccountRead<AccountSessions & RaRecord>('sessions');
