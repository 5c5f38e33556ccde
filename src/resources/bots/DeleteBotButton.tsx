import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import { errorMessage } from '../../apiErrors';
import { DeleteButton } from '../../components/DeleteButton';
import { type BotRecord, MESSAGES } from './bot';

/** 'Delete' asks 'Delete this bot?' and only then calls DELETE /admin/bots/{botId}. */
export const DeleteBotButton = ({ record }: { record: BotRecord }) => {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();

  const remove = async () => {
    try {
      await dataProvider.delete('bots', { id: record.id, previousData: record });
      notify(MESSAGES.deleted, { type: 'success' });
    } catch (error) {
      notify(errorMessage(error, MESSAGES.deleteError), { type: 'error' });
    } finally {
      // the list and the summary badges
      refresh();
    }
  };

  return (
    <DeleteButton
      name={record.nickname}
      confirm={MESSAGES.confirmDelete}
      description={`${record.nickname} (${record.botId}) will be removed for good.`}
      onDelete={remove}
    />
  );
};
