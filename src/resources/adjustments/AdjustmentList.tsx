import { Box, Button, Typography } from '@mui/material';
import { DataTable } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { LinkIfAllowed } from '../../access/LinkIfAllowed';
import { ReadOnlyNote } from '../../access/ReadOnlyNote';
import { EmptyNote } from '../../components/EmptyNote';
import { ListBody } from '../../components/ListBody';
import { ListSelectFilter } from '../../components/ListSelectFilter';
import { ListTable } from '../../components/ListTable';
import { ListToolbar } from '../../components/ListToolbar';
import { PagedList } from '../../components/PagedList';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDateTime, formatNumber } from '../../format';
import {
  type AdjustmentRecord,
  adjustmentPath,
  DECIDE_ADJUSTMENTS,
  reasonLabel,
  STATUS_CHOICES,
} from './types';

const PlayerCell = ({ record }: { record: AdjustmentRecord }) => (
  <Box sx={{ minWidth: 140, overflowWrap: 'anywhere' }}>
    <LinkIfAllowed to={`/users/${encodeURIComponent(record.userId)}`} resource="users">
      {record.user?.username ?? '-'}
    </LinkIfAllowed>
    <Typography variant="caption" component="div" sx={{ fontFamily: 'monospace' }}>
      {record.userId}
    </Typography>
  </Box>
);

/** The reason, and the note under it when there is one. */
const ReasonCell = ({ record }: { record: AdjustmentRecord }) => (
  <Box sx={{ minWidth: 120, overflowWrap: 'anywhere' }}>
    {reasonLabel(record)}
    {record.note && (
      <Typography variant="caption" component="div" color="text.secondary">
        {record.note}
      </Typography>
    )}
  </Box>
);

const AdjustmentTable = () => (
  <ListBody what="adjustments">
    <ListTable<AdjustmentRecord>
      minWidth={900}
      alignTop
      empty={<EmptyNote>No adjustments found</EmptyNote>}
    >
      <DataTable.Col
        label="Requested"
        source="requestedAt"
        render={(record) => formatDateTime(record.requestedAt)}
      />
      <DataTable.Col
        label="Player"
        disableSort
        render={(record) => <PlayerCell record={record as AdjustmentRecord} />}
      />
      <DataTable.Col
        label="Credit (points)"
        source="delta"
        align="right"
        render={(record) => `+${formatNumber(record.delta)}`}
      />
      <DataTable.Col
        label="Reason"
        disableSort
        render={(record) => <ReasonCell record={record as AdjustmentRecord} />}
      />
      <DataTable.Col
        label="Requested by"
        disableSort
        render={(record) => record.requestedBy || '-'}
      />
      <DataTable.Col
        label="Status"
        source="status"
        render={(record) => <StatusBadge status={record.status} />}
      />
      <DataTable.Col label="Decided by" disableSort render={(record) => record.decidedBy || '-'} />
      <DataTable.Col
        label="Actions"
        disableSort
        render={(record) => (
          <Button size="small" component={RouterLink} to={adjustmentPath(record.id)}>
            View
          </Button>
        )}
      />
    </ListTable>
  </ListBody>
);

const PENDING = { status: 'pending' };
const NEWEST_FIRST = { field: 'requestedAt', order: 'DESC' } as const;

/**
 * /adjustments: balance credits waiting for a second admin (pending by default), newest first,
 * 20 a page, filtered by status and by player (their userId).
 */
export const AdjustmentList = () => (
  <PagedList title="Adjustments" filterDefaultValues={PENDING} sort={NEWEST_FIRST}>
    <ReadOnlyNote action={DECIDE_ADJUSTMENTS} doing="approving and rejecting credits" />
    <ListToolbar
      searchLabel="Player (userId)"
      searchSource="userId"
      filters={<ListSelectFilter source="status" label="Status" choices={STATUS_CHOICES} />}
    />
    <AdjustmentTable />
  </PagedList>
);
