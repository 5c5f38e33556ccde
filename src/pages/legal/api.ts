import type {
  LegalCreate,
  LegalDocument,
  LegalPatch,
  LegalSaved,
  LegalType,
  LegalVersion,
} from '../../../contract/legal';
import type { ListResponse } from '../../../contract/lists';
import { http } from '../../http';

/** Spec section 9: the versions list asks for 20. */
export const VERSIONS_LIMIT = 20;

/** If-Match: the updatedAt a change starts from, so another admin's newer change is not lost. */
const basedOn = (updatedAt: string | undefined) =>
  updatedAt ? { 'If-Match': updatedAt } : undefined;

const docPath = (id: string) => `admin/legal/${encodeURIComponent(id)}`;

/** The legal calls of spec section 7. */
export const legalApi = {
  list: (type: LegalType, signal?: AbortSignal) =>
    http<ListResponse<LegalVersion>>('admin/legal', {
      query: { type, limit: VERSIONS_LIMIT },
      signal,
    }),
  latest: (type: LegalType, signal?: AbortSignal) =>
    http<LegalDocument | null>('admin/legal/latest', { query: { type }, signal }),
  get: (id: string, signal?: AbortSignal) => http<LegalDocument>(docPath(id), { signal }),
  create: (body: LegalCreate) => http<LegalSaved>('admin/legal', { method: 'POST', body }),
  update: (id: string, body: LegalPatch, updatedAt?: string) =>
    http<LegalSaved>(docPath(id), { method: 'PATCH', body, headers: basedOn(updatedAt) }),
  activate: (id: string, updatedAt?: string) =>
    http<LegalSaved>(`${docPath(id)}/activate`, { method: 'PATCH', headers: basedOn(updatedAt) }),
};
