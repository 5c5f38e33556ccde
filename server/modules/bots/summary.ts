import { sql } from 'kysely';
import type { BotSummary } from '../../../contract/bots';
import type { Database } from '../../db/connect';

/** Total, active and busy (currentSessions > 0) bots in one scan. */
export function botSummary(db: Database): Promise<BotSummary> {
  return db
    .selectFrom('bots')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      sql<number>`count(*) FILTER (WHERE active)`.as('active'),
      sql<number>`count(*) FILTER (WHERE current_sessions > 0)`.as('busy'),
    ])
    .executeTakeFirstOrThrow();
}
