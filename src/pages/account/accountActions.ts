import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { ACCOUNT_PARTS, type AccountPart } from './useAccount';

/**
 * One of My account's actions (a sign-in step, ending sessions, dismissing the warning): a
 * named call of the data provider, `isPending` while it runs.
 */
export const useAccountAction = <V, T>(
  call: (dataProvider: AppDataProvider, variables: V) => Promise<T>,
) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useMutation({ mutationFn: (variables: V) => call(dataProvider, variables) });
};

/** Loads a part of the page again (after a change that moves it). */
export const useReloadAccount = () => {
  const client = useQueryClient();
  return (part: AccountPart) =>
    client.invalidateQueries({ queryKey: [ACCOUNT_PARTS[part], 'getOne'] });
};
