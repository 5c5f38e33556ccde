import { sql } from 'kysely';
import type { Database } from '../../db/connect';
import { lockName } from '../../db/xact-lock';
import { accountKey } from '../login-throttle';
import { type RateLimited, underSignInLimits } from '../sign-in-limits';

/** This many wrong codes on one account within the window, and its codes answer 429 too_many_codes. */
export const CODE_FAILURE_LIMIT = 10;
export const CODE_WINDOW_SECONDS = 15 * 60;

export type TooManyCodes = { outcome: 'too-many-codes'; retryAfterSeconds: number };

/** What a code check answers: `invalid` is a wrong code, unless the password typed with it was. */
type CodeOutcome = { outcome: string; wrong?: 'password' };

/** Seconds until the account's codes are taken again, or 0 if they are now. */
async function codesRetryAfter(db: Database, userId: number): Promise<number> {
  const row = await db
    .selectFrom('two_step_code_failures')
    .select([
      (eb) => eb.fn.countAll<number>().as('failures'),
      // The window ends when the oldest failure that keeps the count at the limit leaves it.
      sql<number>`extract(epoch from (array_agg(at ORDER BY at DESC))[${CODE_FAILURE_LIMIT}]
        + make_interval(secs => ${CODE_WINDOW_SECONDS}) - now())`.as('wait'),
    ])
    .where('user_id', '=', userId)
    .where('at', '>', sql<Date>`now() - make_interval(secs => ${CODE_WINDOW_SECONDS})`)
    .executeTakeFirstOrThrow();
  if (Number(row.failures) < CODE_FAILURE_LIMIT) return 0;
  return Math.max(1, Math.ceil(Number(row.wait)));
}

/**
 * Serialises the code checks of one account until the transaction ends, on every instance: a
 * burst of parallel codes cannot all read the count before any of them adds to it.
 */
const lockCodes = (trx: Database, userId: number) => lockName(trx, `two-step-codes:${userId}`);

async function recordWrongCode(trx: Database, userId: number, ip: string): Promise<void> {
  await trx.insertInto('two_step_code_failures').values({ user_id: userId, ip }).execute();
  // Rows past the window serve the cap no more.
  await trx
    .deleteFrom('two_step_code_failures')
    .where('user_id', '=', userId)
    .where('at', '<', sql<Date>`now() - make_interval(secs => ${CODE_WINDOW_SECONDS})`)
    .execute();
}

/**
 * Runs a check of an account's two-step code under the sign-in limits (as every credential
 * check) and under the account's own cap on wrong codes, which no address or device escapes:
 * past the cap the code is not looked at. An `invalid` result counts against both; a wrong
 * password typed with the code (`{outcome: 'invalid', wrong: 'password'}`) only against the
 * sign-in limits.
 */
export async function underCodeCap<T extends CodeOutcome>(
  db: Database,
  who: { ip: string; userId: number; device?: number | null },
  check: (trx: Database) => Promise<T>,
): Promise<T | RateLimited | TooManyCodes> {
  // Before the sign-in limits: a capped account's code waits out no slowdown only to be refused.
  const early = await codesRetryAfter(db, who.userId);
  if (early > 0) return { outcome: 'too-many-codes', retryAfterSeconds: early };
  const identifier = accountKey(who.userId);
  return underSignInLimits(db, { ip: who.ip, identifier, device: who.device }, async (trx) => {
    await lockCodes(trx, who.userId);
    const wait = await codesRetryAfter(trx, who.userId);
    if (wait > 0) return { outcome: 'too-many-codes' as const, retryAfterSeconds: wait };
    const result = await check(trx);
    if (result.outcome === 'invalid' && result.wrong !== 'password') {
      await recordWrongCode(trx, who.userId, who.ip);
    }
    return result;
  });
}
