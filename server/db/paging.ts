import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { type ListResponse, type ListTotal, TOTAL_BOUND } from '../../contract/lists';
import type { Database } from './connect';
import { countMemoOf } from './count-memo';
import { keptPlan } from './kept-plans';
import { type Counted, countByStatus, keptCount } from './row-counts';

export interface Paging {
  /** 1-based. */
  page: number;
  limit: number;
}

export const offsetOf = ({ page, limit }: Paging): number => (page - 1) * limit;

/**
 * Past this many rows a page reads its ids first, off the sort's index alone, and only then its
 * rows: skipping 10,000 whole rows costs ten times as much as skipping their index entries. Up
 * to it a page reads its rows at once, as the plan is then three times cheaper to make and to
 * run than the ids-first one (a few hundred microseconds a page).
 */
const DEEP_OFFSET = 100;

export const isDeep = (paging: Paging): boolean => offsetOf(paging) > DEEP_OFFSET;

/**
 * Page sizes whose first pages keep their plan: the console's, and one row (a pending count).
 * Any other limit is planned per call, so a caller cycling through limits cannot push the
 * console's kept plans out.
 */
const KEPT_LIMITS = new Set([1, 10, 20, 25, 50, 100]);

/**
 * `query`'s page: `limit` rows from the page's offset. A first page whose best plan none of its
 * parameters can change (`keep`: no search term, no free value among its filters) keeps its plan
 * on each connection (see kept-plans); its limit is then written in the statement, for the plan
 * PostgreSQL keeps is made for that many rows, not for a guessed tenth of the table.
 */
export function windowOf<D, T extends keyof D, O>(
  query: SelectQueryBuilder<D, T, O>,
  paging: Paging,
  keep: boolean,
): SelectQueryBuilder<D, T, O> {
  const offset = offsetOf(paging);
  if (keep && offset === 0 && KEPT_LIMITS.has(paging.limit)) {
    return query.modifyFront(keptPlan).limit(sql.lit(paging.limit));
  }
  return query.limit(paging.limit).offset(offset);
}

/** A count as a list answers it: exact up to TOTAL_BOUND, past it the bound, flagged. */
export const boundedTotal = (count: number): ListTotal =>
  count > TOTAL_BOUND ? { total: TOTAL_BOUND, totalIsLowerBound: true } : { total: count };

/** The total of a set remembered to hold more than TOTAL_BOUND rows (see CountMemo). */
const PAST_BOUND = boundedTotal(TOTAL_BOUND + 1);

/** A count known exactly whatever its size (a kept count): answered as it is. */
export const exactTotal = (count: number): ListTotal => ({ total: Number(count) });

/**
 * How many rows a query gives, as a list's total: counted up to one past TOTAL_BOUND only, so a
 * broad search stops reading once it knows it has more than that, instead of counting a table.
 * A set known to be far larger is not counted again while it cannot have shrunk under the
 * bound (see CountMemo).
 */
export async function countOf<D, T extends keyof D, O>(
  db: Database,
  query: SelectQueryBuilder<D, T, O>,
): Promise<ListTotal> {
  const counting = countAlong(db, query);
  if (!counting) return PAST_BOUND;
  const { rows } = await sql<{ total: string }>`SELECT ${counting.count} AS total`.execute(db);
  return counting.seen(Number(rows[0]?.total ?? 0));
}

/**
 * The bounded count of `query`'s rows (see countOf) as a scalar subquery, for a page to read in
 * its own statement, one round trip instead of two; `seen` makes the figure read a total, and
 * remembers it. Undefined when the set is remembered to hold more than the bound: nothing to
 * count.
 */
export function countAlong<D, T extends keyof D, O>(
  db: Database,
  query: SelectQueryBuilder<D, T, O>,
): { count: RawBuilder<number>; seen: (count: number) => ListTotal } | undefined {
  const memo = countMemoOf(db);
  const rows = query.select(sql`1`.as('one'));
  const compiled = rows.compile();
  const key = `${compiled.sql}\0${JSON.stringify(compiled.parameters, bigintsAsText)}`;
  if (memo.holdsMoreThanBound(key)) return undefined;
  const mark = memo.mark();
  return {
    count: sql<number>`(SELECT count(*) FROM (${rows.limit(mark.upTo)}) AS bounded)`,
    seen: (count) => {
      memo.counted(key, count, mark);
      return boundedTotal(count);
    },
  };
}

const bigintsAsText = (_key: string, value: unknown) =>
  typeof value === 'bigint' ? value.toString() : value;

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

/** A row that carries its set's size. */
export type Carried = { [MATCHES]: number };

/**
 * A list answer from a page whose rows each carry the whole set's size (selected as MATCHES),
 * so a search reads its matches once for both. A page past the end has no row to carry it:
 * then the total is counted apart. `present` makes the page's items of its rows, all at once.
 */
export async function pageCarryingTotal<R extends Carried, T>(
  paging: Paging,
  rows: Promise<R[]>,
  present: (rows: R[]) => T[] | Promise<T[]>,
  countApart: () => Promise<ListTotal>,
  /** What the carried figure is: a count up to the bound, or a kept count (`exactTotal`). */
  asTotal: (count: number) => ListTotal = boundedTotal,
): Promise<ListResponse<T>> {
  const found = await rows;
  const carried = found[0]?.[MATCHES];
  const [items, counted] = await Promise.all([
    present(found),
    carried !== undefined
      ? asTotal(Number(carried))
      : offsetOf(paging) > 0
        ? countApart()
        : exactTotal(0),
  ]);
  return { items, ...counted, page: paging.page, limit: paging.limit };
}

/**
 * A page of `page`'s rows and the bounded total of the set `matching` (see countOf), read in
 * the page's own statement: one round trip instead of two.
 */
export function pageCountedAlong<D, TB extends keyof D, O, PD, PT extends keyof PD, R, T>(
  db: Database,
  paging: Paging,
  matching: SelectQueryBuilder<D, TB, O>,
  page: SelectQueryBuilder<PD, PT, R>,
  present: (rows: R[]) => T[] | Promise<T[]>,
): Promise<ListResponse<T>> {
  const counting = countAlong(db, matching);
  if (!counting) {
    return pageOf(paging, page.execute().then(present), Promise.resolve(PAST_BOUND));
  }
  const rows = page.select(counting.count.as(MATCHES)).execute() as Promise<(R & Carried)[]>;
  return pageCarryingTotal(paging, rows, present, () => countOf(db, matching), counting.seen);
}

/**
 * A page of `rows` and its total, read in the page's own statement: the bounded count of the
 * set `total` (a search, a filter), or else the kept count of an entity.
 */
export function pageWithTotal<D, TB extends keyof D, R, CD, CT extends keyof CD, CO, T>(
  db: Database,
  paging: Paging,
  rows: SelectQueryBuilder<D, TB, R>,
  present: (rows: R[]) => T[] | Promise<T[]>,
  total: SelectQueryBuilder<CD, CT, CO> | { kept: Counted; status?: string | undefined },
): Promise<ListResponse<T>> {
  if (!('kept' in total)) return pageCountedAlong(db, paging, total, rows, present);
  const { kept, status } = total;
  const carrying = rows.select(keptCount(kept, status).as(MATCHES)).execute() as Promise<
    (R & Carried)[]
  >;
  const apart = () => countByStatus(db, kept, status).then(exactTotal);
  return pageCarryingTotal(paging, carrying, present, apart, exactTotal);
}
