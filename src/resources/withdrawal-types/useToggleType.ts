import { useDataProvider, useNotify, useUpdate } from 'react-admin';
import { useNotifyFailure } from '../../components/ErrorAlert';
import type { AppDataProvider } from '../../dataProvider';
import { RESOURCE, type WithdrawalTypeRecord } from './types';

/**
 * Enable/Disable: PATCH …/toggle with the version the row was shown with (another admin's
 * toggle since is a 409, not a flip back). A custom call through react-admin's useUpdate, so
 * the type's cached record and rows show the state the API answers at once.
 */
export const useToggleType = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const [update, { isPending }] = useUpdate<WithdrawalTypeRecord>(RESOURCE, undefined, {
    mutationFn: async ({ id, previousData }) => {
      const item = await dataProvider.toggleWithdrawalType(
        id ?? '',
        (previousData as WithdrawalTypeRecord | undefined)?.updatedAt,
      );
      return { ...item, id: item._id };
    },
    onSuccess: (item) =>
      notify(`Withdrawal type ${item.isActive ? 'enabled' : 'disabled'}`, { type: 'success' }),
    onError: (error) => notifyFailure('Action failed', error),
  });
  const toggle = (record: WithdrawalTypeRecord) =>
    update(
      RESOURCE,
      // what it becomes: the call itself sends no body
      { id: record.id, data: { isActive: !record.isActive }, previousData: record },
      { returnPromise: true },
    ).catch(() => undefined);
  return { toggle, isPending };
};
