import { type ExpressionBuilder, sql } from 'kysely';
import type { z } from 'zod';
import type {
  ADJUSTMENT_SORT_FIELDS,
  Adjustment,
  AdjustmentsQuery,
} from '../../../contract/adjustments';
import type { ListResponse } from '../../../contract/lists';
import { keyIn, parseId } from '../../crud/ids';
import type { Database } from '../../db/connect';
import { pageCountedAlong, windowOf } from '../../db/paging';
import type { DB } from '../../db/schema';
import { notFound } from '../../http/errors';
import { type AdjustmentRow, presentAdjustment } from './present';

type Query = z.output<typeof AdjustmentsQuery>;

const SORT_COLUMNS = {
  requestedAt: 'a.requested_at',
  delta: 'a.delta',
  status: 'a.status',
  decidedAt: 'a.decided_at',
} as const satisfies Record<(typeof ADJUSTMENT_SORT_FIELDS)[number], string>;

export const adjustmentNotFound = () => notFound('Adjustment not found');

/** Ids are canonical positive integers; any other text cannot name an adjustment. */
export const parseAdjustmentId = parseId;

/** `id = ANY($ids)`: one parameter however many ids. */
export const idIn = (ids: number[]) => (eb: ExpressionBuilder<DB, 'adjustments'>) =>
  eb('id', '=', eb.fn.any(eb.val(ids)));

/** The adjustments a list shows, as `a`: each filter served by an index going on in time order. */
function matching(db: Database, { status, userId, ids }: Omit<Query, 'page' | 'limit' | 'sort'>) {
  let query = db.selectFrom('adjustments as a');
  // A literal: each status has its own kept plan (see windowOf).
  if (status) query = query.where('a.status', '=', sql.lit(status));
  if (userId !== undefined) query = query.where('a.user_id', '=', userId);
  if (ids) query = query.where(keyIn('a.id', ids, parseId));
  return query;
}

/** Every column plus the player's name, email and status and the admins' usernames. */
export function withDetails(query: ReturnType<typeof matching>) {
  const adminName = (column: 'a.requested_by' | 'a.decided_by') =>
    sql<string | null>`(SELECT m.username FROM users m WHERE m.id = ${sql.ref(column)})`;
  return query
    .leftJoin('users as u', 'u.user_id', 'a.user_id')
    .selectAll('a')
    .select([
      'u.id as owner_id',
      'u.username',
      'u.email',
      'u.status as user_status',
      adminName('a.requested_by').as('requested_by_username'),
      adminName('a.decided_by').as('decided_by_username'),
    ]);
}

export async function getAdjustment(db: Database, id: number | null): Promise<AdjustmentRow> {
  if (id === null) throw adjustmentNotFound();
  const row = await withDetails(
    db.selectFrom('adjustments as a').where('a.id', '=', id),
  ).executeTakeFirst();
  if (!row) throw adjustmentNotFound();
  return row;
}

/** GET /admin/adjustments: a page in the sort's order (then by id), and the filtered total. */
export function listAdjustments(
  db: Database,
  { page, limit, sort, ...filters }: Query,
): Promise<ListResponse<Adjustment>> {
  const found = matching(db, filters);
  const rows = windowOf(
    withDetails(found)
      .orderBy(SORT_COLUMNS[sort.field], sort.direction)
      .orderBy('a.id', sort.direction),
    { page, limit },
    // One player's in time order is served by their index whoever they are; in another order
    // the plan for an average player could walk the whole sort index for one with none.
    !filters.ids && (filters.userId === undefined || sort.field === 'requestedAt'),
  );
  return pageCountedAlong(db, { page, limit }, found, rows, (page) => page.map(presentAdjustment));
}
