import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type GetListResult, useDataProvider, useNotify } from 'react-admin';
import type { WithdrawalType } from '../../../contract/withdrawal-types';
import { useNotifyFailure } from '../../components/ErrorAlert';
import type { AppDataProvider } from '../../dataProvider';
import { RESOURCE, type WithdrawalTypeRecord } from './types';

/** Every cached query of the resource reloads (its lists, a type on show). */
const useReloadTypes = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [RESOURCE] });
};

/** PATCH …/toggle with the row's version: the row shows the state the API answers at once. */
export const useToggleType = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const reload = useReloadTypes();
  return useMutation({
    mutationFn: (record: WithdrawalTypeRecord) =>
      dataProvider.toggleWithdrawalType(record.id, record.updatedAt),
    onSuccess: (item: WithdrawalType) => {
      const toggled = { ...item, id: item._id };
      queryClient.setQueriesData<GetListResult<WithdrawalTypeRecord>>(
        { queryKey: [RESOURCE, 'getList'] },
        (list) =>
          list && {
            ...list,
            data: list.data.map((row) => (row.id === toggled.id ? toggled : row)),
          },
      );
      notify(`Withdrawal type ${item.isActive ? 'enabled' : 'disabled'}`, { type: 'success' });
      void reload();
    },
    onError: (error) => notifyFailure('Action failed', error),
  });
};

/** DELETE /admin/withdrawal-types/{_id}, then the lists reload. */
export const useDeleteType = (onDeleted?: () => void) => {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const reload = useReloadTypes();
  return useMutation({
    mutationFn: (record: WithdrawalTypeRecord) =>
      dataProvider.delete(RESOURCE, { id: record.id, previousData: record }),
    onSuccess: () => {
      notify('Withdrawal type deleted', { type: 'success' });
      onDeleted?.();
      void reload();
    },
    onError: (error) => notifyFailure('Delete failed', error),
  });
};
