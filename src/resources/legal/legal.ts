import type { Identifier } from 'react-admin';
import type { LegalDocument, LegalType, LegalVersion } from '../../../contract/legal';

export const RESOURCE = 'legal';
export const LIST_PATH = `/${RESOURCE}`;

/** A version as react-admin holds it: `id` is its `_id`. */
export type LegalVersionRecord = LegalVersion & { id: Identifier };
export type LegalDocumentRecord = LegalDocument & { id: Identifier };

/** The document types' names (spec: Terms of Service or Privacy Policy). */
export const TYPE_LABELS: Record<LegalType, string> = {
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
};

const SHORT_NAMES: Record<LegalType, string> = { terms: 'Terms', privacy: 'Privacy' };

/** A version's name wherever it is referred to: 'Terms v3'. */
export const versionName = (record: Pick<LegalVersion, 'type' | 'version'>) =>
  `${SHORT_NAMES[record.type] ?? record.type} v${record.version}`;

/** Live, or a draft never published, or published once and since replaced. */
export const statusOf = (record: Pick<LegalVersion, 'isActive' | 'publishedAt'>) =>
  record.isActive ? 'Active' : record.publishedAt ? 'Inactive' : 'Draft';

export const showPath = (id: Identifier) => `${LIST_PATH}/${encodeURIComponent(String(id))}/show`;
export const editPath = (id: Identifier) => `${LIST_PATH}/${encodeURIComponent(String(id))}`;
