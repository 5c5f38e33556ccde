import { type SelectQueryBuilder, sql } from 'kysely';
import type { ListResponse } from '../../contract/lists';

export interface Paging {
  /** 1-based. */
  page: number;
  limit: number;
}

export const offsetOf = ({ page, limit }: Paging): number => (page - 1) * limit;

/** How many rows a query gives: a list's total. */
export function countOf<D, T extends keyof D, O>(
  query: SelectQueryBuilder<D, T, O>,
): Promise<number> {
  return query
    .select(sql<number>`count(*)`.as('total'))
    .$castTo<{ total: number }>()
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.total));
}

/** A list answer from its page of items and the total of the whole filtered set, read at once. */
export async function pageOf<T>(
  paging: Paging,
  items: Promise<T[]>,
  total: Promise<number>,
): Promise<ListResponse<T>> {
  const [rows, count] = await Promise.all([items, total]);
  return { items: rows, total: count, page: paging.page, limit: paging.limit };
}

/** `count(*) OVER ()`: the size of the whole matching set, on each row of its page. */
export const MATCHES = 'matches';

/**
 * A list answer from a page whose rows each carry the whole set's size (selected as MATCHES),
 * so a search reads its matches once for both. A page past the end has no row to carry it:
 * then the total is counted apart.
 */
export async function pageCarryingTotal<R extends { [MATCHES]: number }, T>(
  paging: Paging,
  rows: Promise<R[]>,
  present: (row: R) => T,
  countApart: () => Promise<number>,
): Promise<ListResponse<T>> {
  const found = await rows;
  const total = found[0]?.[MATCHES] ?? (offsetOf(paging) > 0 ? await countApart() : 0);
  return { items: found.map(present), total, page: paging.page, limit: paging.limit };
}
