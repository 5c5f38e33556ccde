import { useRecordContext } from 'react-admin';
import type { BotRecord } from './bot';

/** The page title: the bot's nickname once it has loaded, `fallback` until then. */
export const BotTitle = ({ fallback }: { fallback: string }) => {
  const record = useRecordContext<BotRecord>();
  return <>{record?.nickname ?? fallback}</>;
};
