import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { type GetListResult, useDataProvider, useGetList, useNotify } from 'react-admin';
import type { WithdrawalType } from '../../../contract/withdrawal-types';
import { useNotifyFailure } from '../../components/FailureAlert';
import type { AppDataProvider } from '../../dataProvider';
import type { WithdrawalTypeBody } from './typeForm';
import { RESOURCE, type TypeSearch, type WithdrawalTypeRecord } from './types';

export const PER_PAGE = 50;

const LIST_KEY = [RESOURCE, 'getList'] as const;

/** GET /admin/withdrawal-types?q&active=true, by key. The last page stays shown while the next loads. */
export const useTypeList = (search: TypeSearch, page: number) => {
  const filter: Record<string, unknown> = {};
  if (search.q) filter.q = search.q;
  if (search.onlyActive) filter.active = true;
  return useGetList<WithdrawalTypeRecord>(
    RESOURCE,
    { pagination: { page, perPage: PER_PAGE }, sort: { field: 'key', order: 'ASC' }, filter },
    // one quick retry, then 'Failed to load' with its own Retry
    { placeholderData: keepPreviousData, retry: 1, retryDelay: 500 },
  );
};

/** Reloads every list of types from the API. */
export const useReloadTypes = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: LIST_KEY });
};

/** PATCH …/toggle: the row shows the state the API answers at once, then the list reloads. */
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
      queryClient.setQueriesData<GetListResult<WithdrawalTypeRecord>>(
        { queryKey: LIST_KEY },
        (list) =>
          list && {
            ...list,
            data: list.data.map((row) => (row.id === item._id ? { ...item, id: item._id } : row)),
          },
      );
      notify(`Withdrawal type ${item.isActive ? 'enabled' : 'disabled'}`, { type: 'success' });
      void reload();
    },
    onError: (error) => notifyFailure('Action failed', error),
  });
};

/** DELETE /admin/withdrawal-types/{_id}, then the list reloads. */
export const useDeleteType = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const reload = useReloadTypes();
  return useMutation({
    mutationFn: (record: WithdrawalTypeRecord) =>
      dataProvider.delete(RESOURCE, { id: record.id, previousData: record }),
    onSuccess: () => {
      notify('Withdrawal type deleted', { type: 'success' });
      void reload();
    },
    onError: (error) => notifyFailure('Delete failed', error),
  });
};

/**
 * POST a new type, or PUT the whole edited one (If-Match: the version the form was opened with).
 * Failures are the form's to show; success reloads the list.
 */
export const useSaveType = (editing: WithdrawalTypeRecord | undefined, onSaved: () => void) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const reload = useReloadTypes();
  return useMutation({
    mutationFn: (body: WithdrawalTypeBody) =>
      editing
        ? dataProvider.update(RESOURCE, { id: editing.id, data: body, previousData: editing })
        : dataProvider.create(RESOURCE, { data: body }),
    onSuccess: () => {
      notify('Withdrawal type saved', { type: 'success' });
      onSaved();
      void reload();
    },
  });
};
