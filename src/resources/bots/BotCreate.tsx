import { Create } from 'react-admin';
import { BotForm } from './BotForm';
import { MESSAGES } from './bot';
import { NEW_BOT_VALUES, toBotPayload } from './botValues';
import { useBotSaveFeedback } from './useBotSaveFeedback';

/** /bots/new: the new-bot defaults, POST /admin/bots, then 'Bot created' and back to /bots. */
export const BotCreate = () => {
  const { errors, mutationOptions } = useBotSaveFeedback(MESSAGES.created);
  return (
    <Create
      title="Create bot"
      actions={false}
      transform={toBotPayload}
      mutationOptions={mutationOptions}
    >
      <BotForm defaultValues={NEW_BOT_VALUES} errors={errors} />
    </Create>
  );
};
