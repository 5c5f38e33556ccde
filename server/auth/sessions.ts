import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { GroupPermission } from '../../contract/users';
import type { Database } from '../db/connect';
import type { UserRow } from '../db/schema';

/** A session ends after this long without a request... */
export const IDLE_TIMEOUT_MS = 2 * 60 * 60 * 1000;
/** ...and this long after sign-in, whatever happens. */
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
// last_seen_at is written at most this often, so reads stay reads.
const TOUCH_INTERVAL_MS = 60 * 1000;

export interface Session {
  /** null when the single sign-on proxy vouched for the user: no session row of ours. */
  id: number | null;
  user: UserRow;
  /** What the user's single sign-on groups give, for this request (proxy sign-in only). */
  groupPermissions: GroupPermission[];
}

/** 256 random bits, base64url. Only its SHA-256 is stored, so a database leak yields no token. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

export async function createSession(
  db: Database,
  userId: number,
  meta: { ip: string; userAgent: string | undefined },
): Promise<string> {
  const token = newToken();
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      expires_at: new Date(Date.now() + ABSOLUTE_TIMEOUT_MS),
      ip: meta.ip,
      user_agent: meta.userAgent?.slice(0, 512) ?? null,
    })
    .execute();
  return token;
}

/**
 * The live session for a token, with its user; undefined if unknown, revoked or expired.
 * `touch: false` for a request that is not the admin's doing (a page announcing itself): the
 * idle clock keeps running.
 */
export async function findSession(
  db: Database,
  token: string,
  { touch = true } = {},
): Promise<Session | undefined> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .selectAll('u')
    .select(['s.id as session_id', 's.last_seen_at'])
    .where('s.token_hash', '=', hashToken(token))
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .where(
      's.last_seen_at',
      '>',
      sql<Date>`now() - make_interval(secs => ${IDLE_TIMEOUT_MS / 1000})`,
    )
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_id, last_seen_at, ...user } = row;
  if (touch && Date.now() - last_seen_at.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: sql<Date>`now()` })
      .where('id', '=', session_id)
      .execute();
  }
  return { id: session_id, user: user as UserRow, groupPermissions: [] };
}

export async function revokeSession(db: Database, sessionId: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every live session of a user, but the one given (the caller's own, when it is theirs). */
export async function revokeUserSessions(
  db: Database,
  userId: number,
  exceptSessionId?: number,
): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId !== undefined) query = query.where('id', '<>', exceptSessionId);
  await query.execute();
  // A sign-in halfway (password given, code to come) ends with them: its password may be the
  // one just changed.
  await db.deleteFrom('sign_in_challenges').where('user_id', '=', userId).execute();
}
