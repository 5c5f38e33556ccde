import { isDeepStrictEqual } from 'node:util';
import { type Actor, audit } from '../../audit/audit';
import type { Database } from '../../db/connect';
import { assertVersion } from '../../http/versions';
import { lockSetting, readSetting, writeSetting } from '../../settings/store';
import type { Singleton } from './values';

/** The singleton as a GET answers it: its value (or the defaults) and when it was saved. */
export async function readView<V extends object>(
  db: Database,
  singleton: Singleton<V>,
): Promise<V & { updatedAt: string | null }> {
  const { value, updatedAt } = await readSetting(db, singleton.key, singleton.parse);
  return { ...value, updatedAt: updatedAt?.toISOString() ?? null };
}

/**
 * Replaces the singleton with `value` (or what it makes of the stored value, read under the
 * setting's lock, so two partial saves never undo each other) and answers its updatedAt. `ifMatch` is the updatedAt the
 * edit was based on (409 when it was saved since; a singleton never saved has no version to
 * conflict with). A value equal to what is stored writes nothing and keeps updatedAt; a change
 * writes one audit row with the whole value before and after.
 */
export function saveSetting<V extends object>(
  db: Database,
  actor: Actor,
  singleton: Singleton<V>,
  value: V | ((stored: V) => V),
  ifMatch: string | undefined,
): Promise<Date> {
  return db.transaction().execute(async (trx) => {
    await lockSetting(trx, singleton.key);
    const stored = await readSetting(trx, singleton.key, singleton.parse);
    if (typeof value === 'function') value = value(stored.value);
    if (stored.updatedAt) {
      assertVersion(stored.updatedAt, ifMatch, singleton.what);
      if (isDeepStrictEqual(stored.value, value)) return stored.updatedAt;
    }
    const updatedAt = await writeSetting(trx, singleton.key, value);
    await audit(trx, actor, {
      action: singleton.action,
      entity: 'settings',
      entityId: singleton.key,
      before: stored.updatedAt ? stored.value : undefined,
      after: value,
    });
    return updatedAt;
  });
}
