import { sql } from 'kysely';
import type { AccountSession } from '../../../contract/account';
import type { Database } from '../../db/connect';
import { IDLE_TIMEOUT_MS } from '../sessions';
import { browserName } from './browser-name';

const IDLE_TIMEOUT = sql<string>`make_interval(secs => ${IDLE_TIMEOUT_MS / 1000})`;

/** A user's sessions still in force: not ended, not past either timeout. */
const liveSessions = (db: Database, userId: number) =>
  db
    .selectFrom('sessions')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .where('last_seen_at', '>', sql<Date>`now() - ${IDLE_TIMEOUT}`);

/**
 * The user's live sessions, the current one first, then the most recently seen; each with when
 * it ends unless used again (the idle timeout after it was last seen, or its absolute end).
 */
export async function listSessions(
  db: Database,
  userId: number,
  currentId: number,
): Promise<AccountSession[]> {
  const rows = await liveSessions(db, userId)
    .select(['id', 'created_at', 'last_seen_at', 'ip', 'user_agent'])
    .select(sql<Date>`least(last_seen_at + ${IDLE_TIMEOUT}, expires_at)`.as('ends_at'))
    .orderBy(sql`id = ${currentId}`, 'desc')
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: String(row.id),
    createdAt: row.created_at.toISOString(),
    lastSeenAt: row.last_seen_at.toISOString(),
    expiresAt: row.ends_at.toISOString(),
    ip: row.ip,
    browser: browserName(row.user_agent),
    userAgent: row.user_agent,
    current: row.id === currentId,
  }));
}

/** One session, or every one but the caller's. */
export type Which = { only: number } | { except: number };

/**
 * Ends the user's live sessions: the one given (`only`), or every one but `except`. Answers how
 * many ended: none when the one given is not the user's or has ended already.
 */
export async function endSessions(db: Database, userId: number, which: Which): Promise<number> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`);
  query =
    'only' in which ? query.where('id', '=', which.only) : query.where('id', '<>', which.except);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
