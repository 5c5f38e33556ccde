import type { Database } from '../db/connect';
import type { AnyResource, ItemOf } from './resource';
import { rowWhere } from './tables';

/** A query for the record a URL id names; undefined when the id cannot be a key (it names none). */
export function recordWhere(db: Database, resource: AnyResource, rawId: string) {
  const key = resource.key.parse(rawId);
  return key === null ? undefined : rowWhere(db, resource.table, resource.key.column, key);
}

/** The record as the API shows it; 404 for an unknown or malformed id. */
export async function findRecord<R extends AnyResource>(
  db: Database,
  resource: R,
  rawId: string,
): Promise<ItemOf<R>> {
  const row = await recordWhere(db, resource, rawId)?.executeTakeFirst();
  if (!row) throw resource.notFound();
  return resource.present(row);
}
