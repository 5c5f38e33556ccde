import { sql } from 'kysely';
import { BOT_SORT_FIELDS, Bot, BotCreate, BotPatch, BotsQuery } from '../../../contract/bots';
import { timestamp, unique } from '../../crud/fields';
import { searchText, snakeColumns } from '../../crud/plain';
import { defineResource } from '../../crud/resource';
import { newBotId, parseBotId, refuseBotId } from './ids';

/**
 * Bots are addressed by their public botId, made on create and never taken from the caller.
 * Match history outlives a deleted bot: its matches keep the botId.
 */
export const bots = defineResource({
  path: '/admin/bots',
  area: 'bots',
  table: 'bots',
  key: { column: 'bot_id', parse: parseBotId, generate: newBotId },
  entity: 'bot',
  label: 'Bot',
  schemas: {
    item: Bot,
    query: BotsQuery,
    create: BotCreate,
    update: { method: 'PATCH', body: BotPatch },
  },
  fields: {
    nickname: unique('nickname', 'bots_nickname_key', 'Nickname already exists', {
      ignoreCase: true,
    }),
    ...snakeColumns(['avatarUrl', 'active', 'maxSessions', 'skill', 'allowedOffers']),
  },
  // Kept by the game servers, never by an admin.
  shown: {
    ...snakeColumns(['botId', 'currentSessions']),
    lastUsedAt: timestamp('last_used_at'),
  },
  // The very expression bots_search_idx is built on.
  search: searchText(['nickname', 'bot_id']),
  sort: {
    ...snakeColumns(BOT_SORT_FIELDS),
    // As names are unique in any case: 'alpha' and 'Beta' sort the way an admin reads them.
    nickname: { by: sql`lower(nickname)` },
    // Never-used bots go last whichever way "last used" is sorted.
    lastUsedAt: { by: 'last_used_at', nullsLast: true },
  },
  filters: ({ active }) => (active === undefined ? [] : [sql<boolean>`active = ${active}`]),
  refuseId: refuseBotId,
});
