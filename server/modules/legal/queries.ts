import type { LegalType, LegalVersion } from '../../../contract/legal';
import type { ListResponse } from '../../../contract/lists';
import { keyIn, parseId } from '../../crud/ids';
import type { Database } from '../../db/connect';
import { offsetOf, pageCountedAlong } from '../../db/paging';
import { notFound } from '../../http/errors';
import { type LegalRow, presentVersion, VERSION_COLUMNS } from './present';

export const legalNotFound = () => notFound('Legal document not found');

/**
 * GET /admin/legal: the type's versions (or those `ids` names), newest first, without their
 * content.
 */
export async function listVersions(
  db: Database,
  query: { type?: LegalType | undefined; ids?: string[] | undefined; page: number; limit: number },
): Promise<ListResponse<LegalVersion>> {
  let ofType = db.selectFrom('legal_documents');
  if (query.type) ofType = ofType.where('type', '=', query.type);
  if (query.ids) ofType = ofType.where(keyIn('id', query.ids, parseId));
  const page = ofType
    .select(VERSION_COLUMNS)
    .orderBy('version', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit)
    .offset(offsetOf(query));
  return pageCountedAlong(db, query, ofType, page, (rows) => rows.map(presentVersion));
}

/** The newest version of the type; undefined when it has none. */
export const latestOf = (db: Database, type: LegalType): Promise<LegalRow | undefined> =>
  db
    .selectFrom('legal_documents')
    .selectAll()
    .where('type', '=', type)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();

/** The active version of the type; undefined when none is. */
export const activeOf = (db: Database, type: LegalType): Promise<LegalRow | undefined> =>
  db
    .selectFrom('legal_documents')
    .selectAll()
    .where('type', '=', type)
    .where('is_active', '=', true)
    .executeTakeFirst();

/** The version a URL id names; 404 for an unknown or malformed id. */
export async function findDocument(db: Database, rawId: string): Promise<LegalRow> {
  const id = parseId(rawId);
  const row =
    id === null
      ? undefined
      : await db.selectFrom('legal_documents').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw legalNotFound();
  return row;
}
