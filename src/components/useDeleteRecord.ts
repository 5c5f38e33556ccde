import { type RaRecord, useDataProvider, useNotify, useRefresh } from 'react-admin';
import { errorMessage } from '../apiErrors';

/**
 * Deletes a record of `resource` once its confirmation was accepted: says `deleted` (then
 * `onDeleted`), or the server's reason (`deleteError` without one), and reloads what the page
 * shows either way. Never rejects.
 */
export const useDeleteRecord = <R extends RaRecord = RaRecord>(
  resource: string,
  messages: { deleted: string; deleteError: string },
  onDeleted?: (record: R) => void,
) => {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  return async (record: R) => {
    try {
      await dataProvider.delete(resource, { id: record.id, previousData: record });
    } catch (error) {
      notify(errorMessage(error, messages.deleteError), { type: 'error' });
      return;
    } finally {
      refresh();
    }
    notify(messages.deleted, { type: 'success' });
    onDeleted?.(record);
  };
};
