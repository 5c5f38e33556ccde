import { sql } from 'kysely';
import type { ListResponse } from '../../contract/lists';
import type { Database } from '../db/connect';
import { pageCountedAlong, windowOf } from '../db/paging';
import { containsText } from '../db/search';
import { keyIn } from './ids';
import type { AnyResource, ItemOf, ListQuery, QueryOf, SortKey } from './resource';
import { anyTables, type StoredRow } from './tables';

/** One page of the records matching the query's search and filters, with their total. */
export function listRecords<R extends AnyResource>(
  db: Database,
  resource: R,
  query: QueryOf<R>,
): Promise<ListResponse<ItemOf<R>>> {
  const conditions = [...(resource.filters?.(query) ?? [])];
  const term = query.q?.trim();
  if (term) conditions.push(containsText(resource.search, term));
  if (query.ids) conditions.push(keyIn(resource.key.column, query.ids, resource.key.parse));
  const matching = anyTables(db)
    .selectFrom(resource.table)
    .where((eb) => eb.and(conditions));

  const { field, direction }: ListQuery['sort'] = query.sort;
  // The query schema's allow-list is the sort map's keys (checked where the resource is defined).
  const key = resource.sort[field] as SortKey<string>;
  const { by, nullsLast } = typeof key === 'string' ? { by: key, nullsLast: false } : key;
  const page = matching
    .selectAll()
    .$castTo<StoredRow>()
    .orderBy(typeof by === 'string' ? sql.ref(by) : by, (ob) =>
      nullsLast ? ob[direction]().nullsLast() : ob[direction](),
    )
    .orderBy('id', direction);
  // Unfiltered, no parameter can change its plan: kept (see windowOf).
  return pageCountedAlong(
    db,
    query,
    matching,
    windowOf(page, query, conditions.length === 0),
    (rows) => rows.map(resource.present),
  );
}
