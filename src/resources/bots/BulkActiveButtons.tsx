import { type Identifier, useListContext, useNotify, useRefresh } from 'react-admin';
import { errorMessage } from '../../apiErrors';
import { type BulkAction, BulkActionButtons } from '../../components/BulkActionButtons';
import { useAction } from '../../components/useAction';
import { bulkResultMessage, confirmBulkText, MESSAGES } from './bot';

type Toggle = 'enable' | 'disable';

const ACTIONS: readonly BulkAction<Toggle>[] = [
  { action: 'enable', label: 'Enable selected', color: 'success' },
  { action: 'disable', label: 'Disable selected', color: 'warning', variant: 'outlined' },
];

/**
 * 'Enable selected' and 'Disable selected': they ask 'Set active={true|false} for {n} bots?', then
 * PATCH /admin/bots/bulk, sum up the answer, uncheck the rows and reload the page and the summary.
 */
export const BulkActiveButtons = () => {
  const notify = useNotify();
  const refresh = useRefresh();
  const { onUnselectItems } = useListContext();

  const { mutateAsync } = useAction(
    (dataProvider, { ids, active }: { ids: Identifier[]; active: boolean }) =>
      dataProvider.setBotsActive(ids, active),
    {
      onSuccess: (result, { ids, active }) => {
        notify(bulkResultMessage(active, ids.length, result), {
          type: result.notFound.length ? 'warning' : 'success',
        });
        onUnselectItems();
      },
      onError: (error) => notify(errorMessage(error, MESSAGES.bulkError), { type: 'error' }),
      onSettled: () => refresh(),
    },
  );

  return (
    <BulkActionButtons
      actions={ACTIONS}
      confirmText={(action, count) => confirmBulkText(action === 'enable', count)}
      onConfirm={(action, ids) => mutateAsync({ ids, active: action === 'enable' })}
    />
  );
};
