import type { Identifier } from 'react-admin';
import type { AuditEntry, AuditSummary } from '../../../contract/audit';
import { botEditPath } from '../bots/paths';
import { userPath } from '../users/user';
import { detailPath } from '../withdrawals/types';

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

/** The console's page of each kind of record that has one, and the resource that opens it. */
const RECORD_PAGES: Record<string, { resource: string; path: (id: string) => string }> = {
  user: { resource: 'users', path: userPath },
  withdrawal: { resource: 'withdrawals', path: detailPath },
  bot: { resource: 'bots', path: botEditPath },
};

/**
 * Where the record an entry names can be seen, if the console has a page for it and the entry
 * did not delete it: its path, and the resource whose access opens it.
 */
export const recordPage = ({
  action,
  entity,
  entityId,
}: Pick<AuditSummary, 'action' | 'entity' | 'entityId'>) => {
  const page = RECORD_PAGES[entity];
  if (entityId === null || action.endsWith('.delete') || !page) return undefined;
  return { resource: page.resource, to: page.path(entityId) };
};
