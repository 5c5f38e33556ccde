import { sql } from 'kysely';
import type { Database } from '../db/connect';
import { hashToken, newToken } from './sessions';

/** How long a browser stays known after signing in with the account's password. */
export const DEVICE_LIFETIME_SECONDS = 180 * 24 * 60 * 60;
/** Failures with one device cookie within the window that revoke it. */
export const DEVICE_FAILURE_LIMIT = 10;
const DEVICE_WINDOW_SECONDS = 15 * 60;
/** The newest devices an account keeps: one that signs in from everywhere cannot fill a table. */
const DEVICES_PER_ACCOUNT = 20;

const since = (seconds: number) => sql<Date>`now() - make_interval(secs => ${seconds})`;

/**
 * The account's live device that `cookie` names, or null (unknown, expired, another account's,
 * or no account: the same read then, so a cookie tells nothing of which names exist).
 */
export async function knownDevice(
  db: Database,
  cookie: string | undefined,
  userId: number | undefined,
): Promise<number | null> {
  if (!cookie) return null;
  const row = await db
    .selectFrom('device_cookies')
    .select(['id', 'user_id'])
    .where('token_hash', '=', hashToken(cookie))
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row && row.user_id === userId ? row.id : null;
}

/** A new device for the account: answers the cookie's value, which is kept only as a hash. */
export async function rememberDevice(db: Database, userId: number): Promise<string> {
  const cookie = newToken();
  await db
    .insertInto('device_cookies')
    .values({
      user_id: userId,
      token_hash: hashToken(cookie),
      expires_at: sql<Date>`now() + make_interval(secs => ${DEVICE_LIFETIME_SECONDS})`,
    })
    .execute();
  await db
    .deleteFrom('device_cookies')
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', sql<Date>`now()`),
        eb(
          'id',
          'not in',
          eb
            .selectFrom('device_cookies')
            .select('id')
            .where('user_id', '=', userId)
            .orderBy('id', 'desc')
            .limit(DEVICES_PER_ACCOUNT),
        ),
      ]),
    )
    .execute();
  return cookie;
}

/**
 * Holds the device until the transaction ends, so its attempts run one at a time and its
 * failure count cannot be read by two of them at once. An advisory lock, not the row's: a new
 * password deletes the row (a trigger) while the account's row is locked, and must not wait on
 * an attempt that waits on that account. False when the device is gone.
 */
export async function lockDevice(trx: Database, deviceId: number): Promise<boolean> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`device:${deviceId}`}, 0))`.execute(
    trx,
  );
  const row = await trx
    .selectFrom('device_cookies')
    .select('id')
    .where('id', '=', deviceId)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row !== undefined;
}

/** Counts a failed attempt with the device; the limit's failure revokes it. */
export async function recordDeviceFailure(trx: Database, deviceId: number): Promise<void> {
  await trx
    .deleteFrom('device_failures')
    .where('device_id', '=', deviceId)
    .where('at', '<=', since(DEVICE_WINDOW_SECONDS))
    .execute();
  // From the row, not the id: a new password may have just forgotten the device.
  await trx
    .insertInto('device_failures')
    .columns(['device_id'])
    .expression((eb) => eb.selectFrom('device_cookies').select('id').where('id', '=', deviceId))
    .execute();
  const { failures } = await trx
    .selectFrom('device_failures')
    .select((eb) => eb.fn.countAll<number>().as('failures'))
    .where('device_id', '=', deviceId)
    .executeTakeFirstOrThrow();
  if (failures >= DEVICE_FAILURE_LIMIT) {
    await trx.deleteFrom('device_cookies').where('id', '=', deviceId).execute();
  }
}
