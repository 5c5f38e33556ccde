import { sql } from 'kysely';
import { CHALLENGE_TTL_MS } from '../../../contract/two-step';
import type { Database } from '../../db/connect';
import { hashToken, newToken } from '../sessions';

/**
 * A challenge: the password was right, the code is to come. Like a session token, only its
 * hash is kept; it lives 5 minutes and serves one sign-in.
 */
export async function createChallenge(db: Database, userId: number): Promise<string> {
  // Challenges past their time serve nothing: each new one sweeps them out.
  await db.deleteFrom('sign_in_challenges').where('expires_at', '<', sql<Date>`now()`).execute();
  const challenge = newToken();
  await db
    .insertInto('sign_in_challenges')
    .values({
      token_hash: hashToken(challenge),
      user_id: userId,
      expires_at: new Date(Date.now() + CHALLENGE_TTL_MS),
    })
    .execute();
  return challenge;
}

/** The account a live challenge (unused, in time) is for. */
export async function challengedUser(db: Database, challenge: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('sign_in_challenges')
    .select('user_id')
    .where('token_hash', '=', hashToken(challenge))
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row?.user_id;
}

/** Locks a live challenge for its sign-in; undefined if it is used, expired or unknown. */
export const lockChallenge = (trx: Database, challenge: string) =>
  trx
    .selectFrom('sign_in_challenges')
    .select(['id', 'user_id'])
    .where('token_hash', '=', hashToken(challenge))
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .forUpdate()
    .executeTakeFirst();

export async function spendChallenge(trx: Database, id: number): Promise<void> {
  await trx
    .updateTable('sign_in_challenges')
    .set({ used_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}
