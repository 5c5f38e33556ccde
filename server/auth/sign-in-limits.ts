import type { Database } from '../db/connect';
import {
  accountDelayMs,
  claimAttempt,
  ipRetryAfter,
  lockIp,
  recordFailure,
} from './login-throttle';

export type RateLimited = { outcome: 'rate-limited'; retryAfterSeconds: number };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs one check of a credential (a password, a code) under the sign-in limits of the address
 * and the account: an outcome of 'invalid' counts as a failure against both. While the account
 * is slowed, one attempt at a time may wait out the delay and the others answer 429 at once.
 * The address's attempts run one at a time (its lock is held through the check, across every
 * instance), so its failure limit holds under parallel requests. A check that throws changes
 * nothing and counts nothing.
 */
export async function underSignInLimits<T extends { outcome: string }>(
  db: Database,
  who: { ip: string; identifier: string },
  check: (trx: Database) => Promise<T>,
): Promise<T | RateLimited> {
  const attempt = () =>
    db.transaction().execute(async (trx): Promise<T | RateLimited> => {
      await lockIp(trx, who.ip);
      const retryAfterSeconds = await ipRetryAfter(trx, who.ip);
      if (retryAfterSeconds > 0) return { outcome: 'rate-limited', retryAfterSeconds };
      const result = await check(trx);
      if (result.outcome === 'invalid') await recordFailure(trx, who.ip, who.identifier);
      return result;
    });

  const delay = await accountDelayMs(db, who.identifier);
  if (delay === 0) return attempt();
  // An address past its own limit must not hold the account's one attempt.
  const ipWait = await ipRetryAfter(db, who.ip);
  if (ipWait > 0) return { outcome: 'rate-limited', retryAfterSeconds: ipWait };
  const claim = await claimAttempt(db, who.identifier, delay);
  if ('retryAfterSeconds' in claim) return { outcome: 'rate-limited', ...claim };
  try {
    await sleep(delay);
    return await attempt();
  } finally {
    await claim.release();
  }
}
