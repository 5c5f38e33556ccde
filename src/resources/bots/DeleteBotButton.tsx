import { DeleteButton } from '../../components/DeleteButton';
import { useDeleteRecord } from '../../components/useDeleteRecord';
import { type BotRecord, MESSAGES } from './bot';

/** 'Delete' asks 'Delete this bot?' and only then calls DELETE /admin/bots/{botId}. */
export const DeleteBotButton = ({ record }: { record: BotRecord }) => {
  // Reloads the list and the summary badges after.
  const remove = useDeleteRecord('bots', MESSAGES);
  return (
    <DeleteButton
      name={record.nickname}
      confirm={MESSAGES.confirmDelete}
      description={`${record.nickname} (${record.botId}) will be removed for good.`}
      onDelete={() => remove(record)}
    />
  );
};
