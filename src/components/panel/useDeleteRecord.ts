import { type RaRecord, useDelete, useNotify } from 'react-admin';
import { errorMessage } from '../../apiErrors';

/**
 * Deletes a record through the dataProvider and says how it went: `deleted` on success (then
 * `onDeleted`), the server's message (or `deleteFailed`) on failure. Never rejects.
 */
export const useDeleteRecord = <R extends RaRecord>(
  resource: string,
  messages: { deleted: string; deleteFailed: string },
  onDeleted?: (record: R) => void,
) => {
  const [deleteOne] = useDelete<R>();
  const notify = useNotify();
  return async (record: R) => {
    try {
      await deleteOne(resource, { id: record.id, previousData: record }, { returnPromise: true });
    } catch (error) {
      notify(errorMessage(error, messages.deleteFailed), { type: 'error' });
      return;
    }
    notify(messages.deleted, { type: 'success' });
    onDeleted?.(record);
  };
};
