import { type ExpressionBuilder, sql } from 'kysely';
import type { z } from 'zod';
import type { ListResponse } from '../../../contract/lists';
import type { RiskFilter } from '../../../contract/withdrawal-signals';
import type {
  WITHDRAWAL_SORT_FIELDS,
  Withdrawal,
  WithdrawalStatusFilter,
  WithdrawalsQuery,
} from '../../../contract/withdrawals';
import { keyIn, parseId } from '../../crud/ids';
import type { Database } from '../../db/connect';
import type { SortKey } from '../../db/keyset';
import {
  countOf,
  isDeep,
  MATCHES,
  offsetOf,
  pageCarryingTotal,
  pageWithTotal,
  windowOf,
} from '../../db/paging';
import type { DB } from '../../db/schema';
import { containsText, frequenciesFor, isRare, matchesFirst } from '../../db/search';
import type { TrigramFrequencies } from '../../db/trigrams';
import { notFound } from '../../http/errors';
import { presentWithdrawal, type WithdrawalRow } from './present';
import { approvalsRequired, THRESHOLD_USD } from './threshold';

export interface WithdrawalFilters {
  q?: string;
  status?: WithdrawalStatusFilter;
  /** One withdrawal type's key, exactly. */
  typeId?: string;
  /** Just these withdrawals, by `_id`. */
  ids?: string[];
  /** To this destination, trimmed and without regard to case. */
  destination?: string;
  /** Whose highest risk level is this one. */
  risk?: RiskFilter;
}

export interface WithdrawalSort {
  field: (typeof WITHDRAWAL_SORT_FIELDS)[number];
  direction: 'asc' | 'desc';
}

/** The sort as the database runs it: `waiting` is createdAt the other way round. */
export type KeyedSort = { field: Exclude<WithdrawalSort['field'], 'waiting'> } & Pick<
  WithdrawalSort,
  'direction'
>;

export function keyedSort({ field, direction }: WithdrawalSort): KeyedSort {
  if (field !== 'waiting') return { field, direction };
  return { field: 'createdAt', direction: direction === 'desc' ? 'asc' : 'desc' };
}

export const SORT_KEYS: Record<KeyedSort['field'], SortKey> = {
  createdAt: { expression: sql.ref('w.created_at'), type: 'timestamptz' },
  pointsSpent: { expression: sql.ref('w.points_spent'), type: 'bigint' },
  usdValue: { expression: sql.ref('w.usd_value'), type: 'numeric' },
  status: { expression: sql.ref('w.status'), type: 'text' },
};

export const withdrawalNotFound = () => notFound('Withdrawal not found');

/** Ids are canonical positive integers; any other text cannot name a withdrawal. */
export const parseWithdrawalId = parseId;

/** `id = ANY($ids)`: one parameter however many ids. */
export const idIn = (ids: number[]) => (eb: ExpressionBuilder<DB, 'withdrawals'>) =>
  eb('id', '=', eb.fn.any(eb.val(ids)));

/** The withdrawals a list or an export shows, as `w`. */
export function matching(
  db: Database,
  { q, status, typeId, ids, destination, risk }: WithdrawalFilters,
  frequencies?: TrigramFrequencies,
) {
  let query = db.selectFrom('withdrawals as w');
  // Literals, as withdrawals_awaiting_second_idx is defined: the planner matches its predicate.
  if (status === 'awaiting_second_approval') {
    query = query.where(sql<boolean>`w.status = 'pending' AND w.approvals_required = 2`);
  } else if (status) query = query.where('w.status', '=', sql.lit(status));
  if (typeId !== undefined) query = query.where('w.type_id', '=', typeId);
  if (ids) query = query.where(keyIn('w.id', ids, parseId));
  // The very expression withdrawals_destination_key_idx is built on.
  if (destination !== undefined) {
    query = query.where(sql<boolean>`lower(btrim(w.destination)) = lower(btrim(${destination}))`);
  }
  // Literals, as the statuses: each has its own kept plan (see windowOf).
  if (risk !== undefined) query = query.where('w.risk_level', '=', sql.lit(risk));
  const term = q?.trim();
  // The very expression withdrawals_search_idx is built on, so the trigram index serves it.
  if (term) {
    query = query.where(
      containsText(
        sql`lower(w.user_id || ' ' || w.destination || ' ' || w.type_id)`,
        term,
        frequencies,
      ),
    );
  }
  return query;
}

type Matching = ReturnType<typeof matching>;

/** Orders by the sort key, then by id the same way: a stable order for pages and batches. */
export function inOrder(query: Matching, sort: WithdrawalSort | KeyedSort): Matching {
  const { field, direction } = keyedSort(sort);
  return query.orderBy(SORT_KEYS[field].expression, direction).orderBy('w.id', direction);
}

/**
 * Selects every column plus the player's name, email and status, the approving admins' names
 * and the approvals required (the threshold read once per statement).
 */
export function withDetails(query: Matching) {
  // The admins' names by subqueries rather than joins: the same index probes for the page's rows,
  // and a plan PostgreSQL finds faster (each join more is a join order more to weigh).
  const adminName = (column: 'w.decided_by' | 'w.first_approved_by') =>
    sql<string | null>`(SELECT a.username FROM users a WHERE a.id = ${sql.ref(column)})`;
  return query
    .leftJoin('users as u', 'u.user_id', 'w.user_id')
    .selectAll('w')
    .select([
      'u.username',
      'u.email',
      'u.status as user_status',
      adminName('w.decided_by').as('decided_by_username'),
      adminName('w.first_approved_by').as('first_approved_by_username'),
      approvalsRequired(THRESHOLD_USD).as('approvals_required_now'),
    ]);
}

export async function getWithdrawal(db: Database, id: number | null): Promise<WithdrawalRow> {
  if (id === null) throw withdrawalNotFound();
  const row = await withDetails(
    db.selectFrom('withdrawals as w').where('w.id', '=', id),
  ).executeTakeFirst();
  if (!row) throw withdrawalNotFound();
  return row;
}

const presentWithdrawals = (rows: WithdrawalRow[]) => rows.map(presentWithdrawal);

export async function listWithdrawals(
  db: Database,
  { page, limit, sort, ...filters }: z.output<typeof WithdrawalsQuery>,
): Promise<ListResponse<Withdrawal>> {
  const frequencies = await frequenciesFor(db, 'withdrawals_search_trigrams', filters.q);
  const found = matching(db, filters, frequencies);
  const count = () => countOf(db, found);
  const paging = { page, limit };
  /** Filtered by a free value (a term, a type, ids, a destination): planned for that value. */
  const valued =
    Boolean(filters.q?.trim()) ||
    filters.typeId !== undefined ||
    filters.ids !== undefined ||
    filters.destination !== undefined;

  // A rare term: its few matches read once, through the trigram index, for the page and total.
  if (isRare(filters.q?.trim() ?? '', frequencies)) {
    const rows = withDetails(inOrder(matchesFirst(db, found, 'w'), sort))
      .select(sql<number>`count(*) OVER ()`.as(MATCHES))
      .limit(limit)
      .offset(offsetOf(paging))
      .execute();
    return pageCarryingTotal(paging, rows, presentWithdrawals, count);
  }

  // A deep page reads its ids first, off the sort's index alone (see isDeep).
  const rows = isDeep(paging)
    ? withDetails(
        inOrder(
          db
            .selectFrom('withdrawals as w')
            .where(
              'w.id',
              'in',
              inOrder(found.select('w.id'), sort).limit(limit).offset(offsetOf(paging)),
            ),
          sort,
        ),
      )
    : windowOf(withDetails(inOrder(found, sort)), paging, !valued);
  // Those awaiting a second approval are counted off their own (partial) index.
  const counted =
    valued || filters.risk !== undefined || filters.status === 'awaiting_second_approval';
  // Otherwise the total is the kept count: no scan of half a million rows per page.
  const total = counted ? found : { kept: 'withdrawals' as const, status: filters.status };
  return pageWithTotal(db, paging, rows, presentWithdrawals, total);
}
