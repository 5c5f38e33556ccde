import { createHash } from 'node:crypto';
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

const since = (seconds: number) => sql<Date>`now() - make_interval(secs => ${seconds})`;

/** Only a hash of the typed name is kept: people type passwords into the name field too. */
export function identifierKey(emailOrUsername: string): string {
  return createHash('sha256').update(emailOrUsername.trim().toLowerCase()).digest('base64url');
}

/**
 * The account's bucket, whichever of its names was typed. It cannot be mistaken for a name's
 * hash (base64url has no colon).
 */
export function accountKey(userId: number): string {
  return `account:${userId}`;
}

/**
 * Serialises the sign-ins of one IP until the transaction ends (across every server instance),
 * so parallel requests cannot all read the failure count before any of them adds to it.
 */
export async function lockIp(trx: Database, ip: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`login:${ip}`}, 0))`.execute(trx);
}

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
    .where('at', '>', since(IP_WINDOW_SECONDS))
    .executeTakeFirstOrThrow();
  if (row.failures < IP_FAILURE_LIMIT) return 0;
  return Math.max(1, Math.ceil(Number(row.wait)));
}

/** How long to hold this attempt back, from the recent failures on the same account. */
export async function accountDelayMs(db: Database, identifier: string): Promise<number> {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('failures'))
    .where('identifier', '=', identifier)
    .where('at', '>', since(ACCOUNT_WINDOW_SECONDS))
    .executeTakeFirstOrThrow();
  const extra = row.failures - ACCOUNT_FREE_FAILURES;
  return extra < 0 ? 0 : Math.min(250 * 2 ** extra, ACCOUNT_MAX_DELAY_MS);
}

/** Whether this address failed on this account within the account's window. */
export async function failedHereLately(
  db: Database,
  ip: string,
  identifier: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('login_failures')
    .select('id')
    .where('identifier', '=', identifier)
    .where('ip', '=', ip)
    .where('at', '>', since(ACCOUNT_WINDOW_SECONDS))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function recordFailure(db: Database, ip: string, identifier: string): Promise<void> {
  await db.insertInto('login_failures').values({ ip, identifier }).execute();
  // Rows older than a day serve no limit any more.
  await db
    .deleteFrom('login_failures')
    .where('at', '<', since(24 * 60 * 60))
    .execute();
}

// A claim outlives its delay by this much, for the password check that follows it.
const CLAIM_MARGIN_MS = 2_000;

/**
 * Which of the account's two attempts in flight a slowed attempt waits in: 'failed' for
 * addresses that failed on the account lately, 'fresh' for the others (see underSignInLimits).
 */
export type Lane = 'failed' | 'fresh';

/**
 * Claims the account's one attempt in flight of `lane` while it is slowed. Answers the release,
 * or the seconds until the attempt in flight is done when another one holds the claim.
 */
export async function claimAttempt(
  db: Database,
  account: string,
  lane: Lane,
  delayMs: number,
): Promise<{ release: () => Promise<void> } | { retryAfterSeconds: number }> {
  // The lane rides in the key: a name's hash and an account key never hold a space.
  const identifier = lane === 'failed' ? account : `${account} fresh`;
  // In milliseconds, as a Date holds it, so the release finds its own claim by this value.
  const until = sql<Date>`date_trunc('milliseconds', now() + make_interval(secs => ${(delayMs + CLAIM_MARGIN_MS) / 1000}))`;
  const claimed = await db
    .insertInto('login_attempts_in_flight')
    .values({ account: identifier, until })
    .onConflict((oc) =>
      oc
        .column('account')
        .doUpdateSet({ until })
        .where('login_attempts_in_flight.until', '<=', sql<Date>`now()`),
    )
    .returning('until')
    .executeTakeFirst();
  if (claimed) {
    const release = async () => {
      await db
        .deleteFrom('login_attempts_in_flight')
        .where('account', '=', identifier)
        .where('until', '=', claimed.until)
        .execute();
    };
    return { release };
  }
  const holder = await db
    .selectFrom('login_attempts_in_flight')
    .select(sql<number>`extract(epoch from until - now())`.as('wait'))
    .where('account', '=', identifier)
    .executeTakeFirst();
  return { retryAfterSeconds: Math.max(1, Math.ceil(Number(holder?.wait ?? 1))) };
}
