import { sql } from 'kysely';
import type { Database } from '../db/connect';
import { lockName } from '../db/xact-lock';

/** The singletons kept in the `settings` table, one row each. */
export type SettingKey = 'daily_rewards' | 'referral' | 'app_info' | 'integrations' | 'payouts';

export interface Stored<T> {
  value: T;
  /** null while never saved: the value is then the defaults. */
  updatedAt: Date | null;
}

/**
 * Reads a singleton. `parse` turns what is stored into the current shape (filling in defaults for
 * fields added since it was saved); a row never written reads as `parse(undefined)`.
 */
export async function readSetting<T>(
  db: Database,
  key: SettingKey,
  parse: (stored: unknown) => T,
): Promise<Stored<T>> {
  const row = await db
    .selectFrom('settings')
    .select(['value', 'updated_at'])
    .where('key', '=', key)
    .executeTakeFirst();
  return { value: parse(row?.value), updatedAt: row?.updated_at ?? null };
}

/**
 * Takes the singleton for a read-modify-write until the transaction ends, even before its row
 * exists (a row lock would need the row), so two saves never interleave.
 */
export async function lockSetting(trx: Database, key: SettingKey): Promise<void> {
  await lockName(trx, `settings:${key}`);
}

/** Writes the whole singleton; answers its new updatedAt. */
export async function writeSetting(trx: Database, key: SettingKey, value: unknown): Promise<Date> {
  const row = await trx
    .insertInto('settings')
    .values({ key, value: JSON.stringify(value), updated_at: sql`now()` })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({ value: (eb) => eb.ref('excluded.value'), updated_at: sql`now()` }),
    )
    .returning('updated_at')
    .executeTakeFirstOrThrow();
  return row.updated_at;
}
