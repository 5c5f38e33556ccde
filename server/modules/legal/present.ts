import type { Selectable } from 'kysely';
import type { LegalDocument, LegalVersion, PublicLegalDocument } from '../../../contract/legal';
import type { LegalDocumentsTable } from '../../db/schema';

export type LegalRow = Selectable<LegalDocumentsTable>;
export type LegalVersionRow = Omit<LegalRow, 'content_text' | 'content_html'>;

/** The columns of a version without its content: what a list reads. */
export const VERSION_COLUMNS = [
  'id',
  'type',
  'version',
  'is_active',
  'published_at',
  'created_at',
  'updated_at',
] as const;

export function presentVersion(row: LegalVersionRow): LegalVersion {
  return {
    _id: String(row.id),
    type: row.type,
    version: row.version,
    isActive: row.is_active,
    publishedAt: row.published_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function presentDocument(row: LegalRow): LegalDocument {
  return { ...presentVersion(row), contentText: row.content_text, contentHtml: row.content_html };
}

/** What the player app reads: the text and when it went live, nothing about the back office. */
export function presentPublic(row: LegalRow): PublicLegalDocument {
  return {
    type: row.type,
    version: row.version,
    contentText: row.content_text,
    contentHtml: row.content_html,
    // An active version always has one; the update time stands in for a row made by hand.
    publishedAt: (row.published_at ?? row.updated_at).toISOString(),
  };
}
