import { BOT_ID_MAX } from '../../../contract/bots';
import type { RecordVerb } from '../../crud/resource';
import { ApiError } from '../../http/errors';
import { randomCode } from '../users/create';

/** A new public botId: `bot_` and ten random characters from crypto randomness. */
export const newBotId = () => `bot_${randomCode(10)}`;

/** The botId a URL names; text no botId can be (too long, a NUL) names none. */
export const parseBotId = (raw: string): string | null =>
  raw.length <= BOT_ID_MAX && !raw.includes('\0') ? raw : null;

/** 400: `new` (the create page) or no id at all can never name a bot. */
export function invalidBotId(verb: RecordVerb, id = ''): ApiError {
  return new ApiError(400, 'invalid_id', `Invalid bot id: cannot ${verb} ${id}`.trimEnd());
}

/** Refuses an id that cannot name a bot. */
export function refuseBotId(raw: string, verb: RecordVerb): void {
  if (raw.trim() === '' || raw === 'new') throw invalidBotId(verb, raw);
}
