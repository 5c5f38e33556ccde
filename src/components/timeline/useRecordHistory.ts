import { type Identifier, useGetList } from 'react-admin';
import type { AuditListItem } from '../../../contract/audit';

/** Entries a page of a record's history. */
export const HISTORY_PER_PAGE = 10;

export type HistoryEntry = AuditListItem & { id: Identifier };

/**
 * One page of a record's audit entries, newest first, with before and after (the audit list
 * filtered to the record). A page being turned keeps the last one shown; a failure is shown in
 * the card (with Retry), not retried nor notified.
 */
export const useRecordHistory = (entity: string, entityId: Identifier, page: number) =>
  useGetList<HistoryEntry>(
    'audit',
    {
      pagination: { page, perPage: HISTORY_PER_PAGE },
      sort: { field: 'at', order: 'DESC' },
      filter: { entity, entityId: String(entityId) },
    },
    { retry: false, placeholderData: (previous) => previous },
  );
