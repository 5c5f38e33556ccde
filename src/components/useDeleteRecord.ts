import { type RaRecord, useDataProvider, useNotify, useRefresh } from 'react-admin';
import { errorMessage } from '../apiErrors';

/**
 * Deletes a record of `resource` once its confirmation was accepted: says `deleted`, or the
 * server's reason (`deleteError` without one), and reloads what the page shows either way.
 */
export const useDeleteRecord = (
  resource: string,
  messages: { deleted: string; deleteError: string },
) => {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  return async (record: RaRecord) => {
    try {
      await dataProvider.delete(resource, { id: record.id, previousData: record });
      notify(messages.deleted, { type: 'success' });
    } catch (error) {
      notify(errorMessage(error, messages.deleteError), { type: 'error' });
    } finally {
      refresh();
    }
  };
};
