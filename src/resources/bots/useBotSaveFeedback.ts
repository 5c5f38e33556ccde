import { useSaveFeedback } from '../../components/useSaveFeedback';
import { saveErrorOf } from './botValues';
import { BOTS_PATH } from './paths';

/** The bot screens' save feedback ('Bot created', 'Bot updated'), back to /bots. */
export const useBotSaveFeedback = (successMessage: string) =>
  useSaveFeedback(successMessage, BOTS_PATH, saveErrorOf);
