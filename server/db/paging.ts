import { type SelectQueryBuilder, sql } from 'kysely';
import { type ListResponse, type ListTotal, TOTAL_BOUND } from '../../contract/lists';
import type { Database } from './connect';

export interface Paging {
  /** 1-based. */
  page: number;
  limit: number;
}

export const offsetOf = ({ page, limit }: Paging): number => (page - 1) * limit;

/** A count as a list answers it: exact up to TOTAL_BOUND, past it the bound, flagged. */
export const boundedTotal = (count: number): ListTotal =>
  count > TOTAL_BOUND ? { total: TOTAL_BOUND, totalIsLowerBound: true } : { total: count };

/** A count known exactly whatever its size (a kept count): answered as it is. */
export const exactTotal = (count: number): ListTotal => ({ total: Number(count) });

/**
 * How many rows a query gives, as a list's total: counted up to one past TOTAL_BOUND only, so a
 * broad search stops reading once it knows it has more than that, instead of counting a table.
 */
export async function countOf<D, T extends keyof D, O>(
  db: Database,
  query: SelectQueryBuilder<D, T, O>,
): Promise<ListTotal> {
  const limited = query.select(sql`1`.as('one')).limit(TOTAL_BOUND + 1);
  const { rows } = await sql<{ total: string }>`
    SELECT count(*) AS total FROM (${limited}) AS bounded`.execute(db);
  return boundedTotal(Number(rows[0]?.total ?? 0));
}

/** A list answer from its page of items and the total of the whole filtered set, read at once. */
export async function pageOf<T>(
  paging: Paging,
  items: Promise<T[]>,
  total: Promise<ListTotal>,
): Promise<ListResponse<T>> {
  const [rows, counted] = await Promise.all([items, total]);
  return { items: rows, ...counted, page: paging.page, limit: paging.limit };
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
  countApart: () => Promise<ListTotal>,
): Promise<ListResponse<T>> {
  const found = await rows;
  const carried = found[0]?.[MATCHES];
  const counted =
    carried !== undefined
      ? boundedTotal(Number(carried))
      : offsetOf(paging) > 0
        ? await countApart()
        : exactTotal(0);
  return { items: found.map(present), ...counted, page: paging.page, limit: paging.limit };
}
