import type { Database } from '../db/connect';
import { lockDevice, recordDeviceFailure } from './devices';
import {
  accountDelayMs,
  claimAttempt,
  failedHereLately,
  ipRetryAfter,
  lockIp,
  recordFailure,
} from './login-throttle';

export type RateLimited = { outcome: 'rate-limited'; retryAfterSeconds: number };

/** Who is trying: their address, the account (or name) they name, and their device, if known. */
export interface SignInParty {
  ip: string;
  identifier: string;
  /** A device cookie of that very account (see `knownDevice`): it has a limit of its own. */
  device?: number | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs one check of a credential (a password, a code) under the sign-in limits: an outcome of
 * 'invalid' counts as a failure. A check that throws changes nothing and counts nothing.
 *
 * - With a device cookie of the account, only the device's own limit applies (see
 *   `underDeviceLimit`): whoever lacks the owner's browser cannot slow or block it.
 * - Without one, the address's limit and the account's slowdown apply. While the account is
 *   slowed, one attempt at a time may wait out the delay and the others answer 429 at once, in
 *   two lanes: addresses that failed on the account lately, and the rest. Guessers land in the
 *   first lane after their first failure, so however many of them keep it busy, an owner on a
 *   new browser finds the second one free.
 * - The address's attempts run one at a time (its lock is held through the check, across every
 *   instance), so its failure limit holds under parallel requests.
 */
export async function underSignInLimits<T extends { outcome: string }>(
  db: Database,
  who: SignInParty,
  check: (trx: Database) => Promise<T>,
): Promise<T | RateLimited> {
  if (who.device) {
    const result = await underDeviceLimit(db, who.device, check);
    // Revoked by a parallel attempt meanwhile: an ordinary attempt, then.
    if (result !== undefined) return result;
  }
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
  const lane = (await failedHereLately(db, who.ip, who.identifier)) ? 'failed' : 'fresh';
  const claim = await claimAttempt(db, who.identifier, lane, delay);
  if ('retryAfterSeconds' in claim) return { outcome: 'rate-limited', ...claim };
  try {
    await sleep(delay);
    const result = await attempt();
    // A turn in the fresh lane is one per address and window, whatever its end: an address
    // that runs out its own limit meanwhile (on other names) must not come back fresh.
    if (lane === 'fresh' && result.outcome === 'rate-limited') {
      await recordFailure(db, who.ip, who.identifier);
    }
    return result;
  } finally {
    await claim.release();
  }
}

/**
 * An attempt with a known device: no delay, no address limit; its failures count against the
 * device alone, and the limit's failure revokes it. Undefined when the device is gone.
 */
function underDeviceLimit<T extends { outcome: string }>(
  db: Database,
  device: number,
  check: (trx: Database) => Promise<T>,
): Promise<T | undefined> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockDevice(trx, device))) return undefined;
    const result = await check(trx);
    if (result.outcome === 'invalid') await recordDeviceFailure(trx, device);
    return result;
  });
}
