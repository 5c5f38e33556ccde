import { sql } from 'kysely';
import type { BotsBulkResponse } from '../../../contract/bots';
import { type Actor, audit } from '../../audit/audit';
import type { Database } from '../../db/connect';

/**
 * PATCH /admin/bots/bulk: sets `active` on every listed bot in one transaction and one audit row
 * naming the bots whose flag changed (none when nothing changed). Ids naming no bot are reported.
 */
export function setBotsActive(
  db: Database,
  actor: Actor,
  ids: string[],
  active: boolean,
): Promise<BotsBulkResponse> {
  const unique = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    // Locked in id order: two bulk toggles over the same bots cannot deadlock.
    const found = await trx
      .selectFrom('bots')
      .select(['id', 'bot_id', 'active'])
      .where((eb) => eb('bot_id', '=', eb.fn.any(eb.val(unique))))
      .orderBy('id')
      .forUpdate()
      .execute();
    const changed = found.filter((bot) => bot.active !== active);
    if (changed.length > 0) {
      await trx
        .updateTable('bots')
        .set({ active, updated_at: sql`now()` })
        .where((eb) => eb('id', '=', eb.fn.any(eb.val(changed.map((bot) => bot.id)))))
        .execute();
      await audit(trx, actor, {
        action: 'bot.bulk_active',
        entity: 'bot',
        entityId: null,
        after: { ids: changed.map((bot) => bot.bot_id), active },
      });
    }
    const known = new Set(found.map((bot) => bot.bot_id));
    return {
      ok: true as const,
      updated: changed.length,
      notFound: unique.filter((id) => !known.has(id)),
    };
  });
}
