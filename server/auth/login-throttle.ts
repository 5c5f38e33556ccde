import { sql } from 'kysely';
import type { Database } from '../db/connect';

/** More failures than this from one IP within the window answer 429. */
export const IP_FAILURE_LIMIT = 10;
export const IP_WINDOW_SECONDS = 60;
// Per account: after a few failures each attempt waits longer, capped, and the wait fades
// with the window, so an attacker cannot lock the real owner out for good.
const ACCOUNT_WINDOW_SECONDS = 15 * 60;
const ACCOUNT_FREE_FAILURES = 5;
const ACCOUNT_MAX_DELAY_MS = 8_000;

/** Seconds until this IP may try again, or 0 if it may try now. */
export async function ipRetryAfter(db: Database, ip: string): Promise<number> {
  const row = await db
    .selectFrom('login_failures')
    .select([
      (eb) => eb.fn.countAll<number>().as('failures'),
      sql<number>`extract(epoch from min(at) + make_interval(secs => ${IP_WINDOW_SECONDS}) - now())`.as(
        'wait',
      ),
    ])
    .where('ip', '=', ip)
    .where('at', '>', sql<Date>`now() - make_interval(secs => ${IP_WINDOW_SECONDS})`)
    .executeTakeFirstOrThrow();
  if (row.failures < IP_FAILURE_LIMIT) return 0;
  return Math.max(1, Math.ceil(Number(row.wait)));
}

/** How long to hold this attempt back, from the recent failures on the same account name. */
export async function accountDelayMs(db: Database, identifier: string): Promise<number> {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('failures'))
    .where('identifier', '=', identifier)
    .where('at', '>', sql<Date>`now() - make_interval(secs => ${ACCOUNT_WINDOW_SECONDS})`)
    .executeTakeFirstOrThrow();
  const extra = row.failures - ACCOUNT_FREE_FAILURES;
  return extra < 0 ? 0 : Math.min(250 * 2 ** extra, ACCOUNT_MAX_DELAY_MS);
}

export async function recordFailure(db: Database, ip: string, identifier: string): Promise<void> {
  await db.insertInto('login_failures').values({ ip, identifier }).execute();
  // Rows older than a day serve no limit any more.
  await db
    .deleteFrom('login_failures')
    .where('at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
}
