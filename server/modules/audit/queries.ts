import { sql } from 'kysely';
import type { z } from 'zod';
import type { AuditFacets, AuditListItem, AuditQuery } from '../../../contract/audit';
import type { ListResponse } from '../../../contract/lists';
import { keyIn, parseId } from '../../crud/ids';
import type { Database } from '../../db/connect';
import { pageCountedAlong, windowOf } from '../../db/paging';
import { notFound } from '../../http/errors';
import { withRecordNames } from './names';
import { type AuditRow, presentAuditEntry, presentAuditSummary } from './present';

type Filters = Omit<z.output<typeof AuditQuery>, 'page' | 'limit' | 'sort'>;

/**
 * The rows the filters keep. Every filter, alone or with others, is served by an index that
 * goes on in `at` order (migrations 0001 and 0006), so a page reads few more rows than it shows.
 */
function matching(db: Database, { actor, action, entity, entityId, from, to, ids }: Filters) {
  let query = db.selectFrom('audit_log');
  // lower() on both sides, as the index is built: the same case folding as PostgreSQL's.
  if (actor) query = query.where(sql`lower(actor)`, '=', sql`lower(${actor})`);
  if (action) query = query.where('action', '=', action);
  if (entity) query = query.where('entity', '=', entity);
  if (entityId) query = query.where('entity_id', '=', entityId);
  // As sent, not through a JS Date, which would round microseconds away.
  if (from) query = query.where('at', '>=', sql<Date>`CAST(${from} AS timestamptz)`);
  if (to) query = query.where('at', '<', sql<Date>`CAST(${to} AS timestamptz)`);
  if (ids) query = query.where(keyIn('id', ids, parseId));
  return query;
}

/** auth.login, auth.login_failed, auth.logout: who signed in from where. */
const SIGN_IN_ACTIONS = 'auth.%';

const SUMMARY_COLUMNS = [
  'id',
  'at',
  'actor_id',
  'actor',
  'action',
  'entity',
  'entity_id',
  'ip',
] as const;

/**
 * A page of the log. One record's history (entity and entityId given) comes with each row's
 * before and after: a few rows, read whole for the record's timeline. `historyOnly` (a reader
 * of the record's area, not of the log) leaves out sign-ins and every row's address.
 */
export function listAudit(
  db: Database,
  { page, limit, sort, ...filters }: z.output<typeof AuditQuery>,
  { historyOnly = false } = {},
): Promise<ListResponse<AuditListItem>> {
  const oneRecord = Boolean(filters.entity && filters.entityId);
  const kept = () =>
    matching(db, filters).$if(historyOnly, (query) =>
      query.where('action', 'not like', SIGN_IN_ACTIONS),
    );
  const { actor, action, entity, entityId, from, to, ids } = filters;
  // All of the log, or one record's history: one index serves each whatever the values.
  const planFree = !(actor || action || from || to || ids) && (oneRecord || !(entity || entityId));
  const rows = windowOf(
    kept()
      .select(SUMMARY_COLUMNS)
      .$if(oneRecord, (query) => query.select(['before', 'after']))
      .orderBy('at', sort.direction)
      .orderBy('id', sort.direction),
    { page, limit },
    planFree,
  );
  const present = (row: unknown) => {
    const entry = oneRecord
      ? presentAuditEntry(row as AuditRow)
      : presentAuditSummary(row as AuditRow);
    return historyOnly ? { ...entry, ip: null } : entry;
  };
  return pageCountedAlong(db, { page, limit }, kept(), rows, (found) =>
    withRecordNames(db, found.map(present)),
  );
}

export const auditEntryNotFound = () => notFound('Audit entry not found');

export async function getAuditEntry(db: Database, rawId: string): Promise<AuditRow> {
  const id = parseId(rawId);
  if (id === null) throw auditEntryNotFound();
  const row = await db.selectFrom('audit_log').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw auditEntryNotFound();
  return row;
}

/**
 * The distinct values of one column, by a loose index scan: each step jumps along the column's
 * index to the next larger value, so the cost grows with the number of values (tens), not with
 * the rows (millions). PostgreSQL's own DISTINCT would read every row.
 */
async function distinctValues(db: Database, column: 'action' | 'entity'): Promise<string[]> {
  const col = sql.ref(column);
  const { rows } = await sql<{ value: string }>`
    WITH RECURSIVE found (value) AS (
      (SELECT ${col} FROM audit_log ORDER BY ${col} LIMIT 1)
      UNION ALL
      SELECT (SELECT ${col} FROM audit_log WHERE ${col} > found.value ORDER BY ${col} LIMIT 1)
      FROM found WHERE found.value IS NOT NULL
    )
    SELECT value FROM found WHERE value IS NOT NULL`.execute(db);
  return rows.map((row) => row.value);
}

export async function auditFacets(db: Database): Promise<AuditFacets> {
  const [actions, entities] = await Promise.all([
    distinctValues(db, 'action'),
    distinctValues(db, 'entity'),
  ]);
  return { actions, entities };
}
