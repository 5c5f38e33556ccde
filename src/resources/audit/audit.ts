import type { Identifier } from 'react-admin';
import type { AuditEntry, AuditFacets, AuditSummary } from '../../../contract/audit';
import { http } from '../../http';

export const RESOURCE = 'audit';
export const LIST_PATH = '/audit';

/** A list row as react-admin holds it (id = _id); the show page's record adds before/after. */
export type AuditRecord = AuditSummary &
  Partial<Pick<AuditEntry, 'before' | 'after'>> & {
    id: Identifier;
  };

export const MESSAGES = {
  listError: 'Error loading audit log',
  loadError: 'Error loading audit entry',
  notFound: 'Audit entry not found',
  noMatch: 'No audit entries match these filters.',
  none: 'No audit entries yet.',
} as const;

export const showPath = (id: Identifier) => `/audit/${encodeURIComponent(String(id))}/show`;

/** The acting admin's username; rows the system wrote (seeding, the CLI) have none. */
export const actorLabel = (actor: string | null) => actor ?? 'system';

/** The console's page of each kind of record that has one. */
const RECORD_PAGES: Record<string, (id: string) => string> = {
  user: (id) => `/users/${encodeURIComponent(id)}/show`,
  withdrawal: (id) => `/withdrawals/${encodeURIComponent(id)}/show`,
  bot: (id) => `/bots/${encodeURIComponent(id)}/edit`,
};

/** Where the record an entry names can be seen, if the console has a page for it. */
export const recordPath = (entity: string, entityId: string | null): string | undefined =>
  entityId === null ? undefined : RECORD_PAGES[entity]?.(entityId);

/** Date and time to the second: entries a few seconds apart stay distinguishable. */
export const formatWhen = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? '-'
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
};

/** GET /admin/audit/facets: the actions and record types there are, for the filters. */
export const fetchFacets = (signal?: AbortSignal) =>
  http<AuditFacets>('admin/audit/facets', { signal });
