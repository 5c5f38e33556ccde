import { Box, Button } from '@mui/material';
import { DataTable, useListContext } from 'react-admin';
import { Link } from 'react-router-dom';
import { EmptyNote } from '../../components/EmptyNote';
import { ListBody } from '../../components/ListBody';
import { ListTable } from '../../components/ListTable';
import { PagedList } from '../../components/PagedList';
import { FAILURE_SHOWN_IN_PAGE } from '../../components/queryOptions';
import { actorLabel, showPath } from '../../components/timeline/auditWords';
import { formatDateTime } from '../../format';
import { ActionWords } from './ActionWords';
import { AuditFilters } from './AuditFilters';
import { type AuditRecord, MESSAGES } from './audit';
import { RecordRef } from './RecordRef';

const entry = (record: unknown) => record as AuditRecord;

const When = ({ iso }: { iso: string }) => (
  <Box component="time" dateTime={iso} sx={{ whiteSpace: 'nowrap' }}>
    {formatDateTime(iso, 'medium')}
  </Box>
);

const EmptyAuditNote = () => {
  const { filterValues } = useListContext();
  const filtered = Object.keys(filterValues).length > 0;
  return <EmptyNote>{filtered ? MESSAGES.noMatch : MESSAGES.none}</EmptyNote>;
};

const AuditTable = () => (
  <ListTable minWidth={820} empty={<EmptyAuditNote />}>
    <DataTable.Col
      source="at"
      label="When"
      disableSort
      render={(record) => <When iso={entry(record).at} />}
    />
    <DataTable.Col
      source="actor"
      label="Who"
      disableSort
      render={(record) => actorLabel(entry(record))}
    />
    <DataTable.Col
      source="action"
      label="Action"
      disableSort
      cellSx={() => ({ whiteSpace: 'nowrap' })}
      render={(record) => <ActionWords entry={entry(record)} />}
    />
    <DataTable.Col
      label="Record"
      disableSort
      cellSx={() => ({ minWidth: 160 })}
      render={(record) => <RecordRef entry={entry(record)} />}
    />
    <DataTable.Col
      source="ip"
      label="IP"
      disableSort
      render={(record) => entry(record).ip ?? '-'}
    />
    <DataTable.Col
      label="Actions"
      disableSort
      render={(record) => (
        <Button
          size="small"
          component={Link}
          to={showPath(record.id)}
          aria-label={`View entry ${record.id}`}
        >
          View
        </Button>
      )}
    />
  </ListTable>
);

/** The table once a page has arrived; a failed load shows only the error (ListBody). */
const AuditRows = () => {
  const { data } = useListContext();
  return data ? <AuditTable /> : null;
};

const NEWEST_FIRST = { field: 'at', order: 'DESC' } as const;

/** Failures show in the page (with Retry), not also as a notification. */

/**
 * /audit: who did what to which record, when; newest first, 20 a page, filtered by who, action,
 * record type, record id and a time range. Read-only: each row opens its entry.
 */
export const AuditList = () => (
  <PagedList title="Audit log" sort={NEWEST_FIRST} queryOptions={FAILURE_SHOWN_IN_PAGE}>
    <AuditFilters />
    <ListBody what="audit entries" errorTitle={MESSAGES.listError} inset>
      <AuditRows />
    </ListBody>
  </PagedList>
);
