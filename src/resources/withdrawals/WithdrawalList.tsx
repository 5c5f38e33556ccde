import { Box, Button, Stack, Tooltip, Typography } from '@mui/material';
import { createContext, useContext } from 'react';
import { DataTable } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { ReadOnlyNote } from '../../access/ReadOnlyNote';
import { useAllowed } from '../../access/useAllowed';
import { EmptyNote } from '../../components/EmptyNote';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { ListBody } from '../../components/ListBody';
import { ListSelectFilter } from '../../components/ListSelectFilter';
import { ListTable } from '../../components/ListTable';
import { ListToolbar, ToolbarRow } from '../../components/ListToolbar';
import { PagedList } from '../../components/PagedList';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDateTime, formatNumber, formatUsd } from '../../format';
import type { StoredUser } from '../../storage';
import { approvalBlock, approvalsText, awaitsAnotherAdmin, useSignedInAdmin } from './approvals';
import { BulkDecisionButtons } from './BulkDecisionButtons';
import { DecisionButton } from './DecisionButton';
import { LinkedFilterChips } from './LinkedFilterChips';
import { NewWithdrawalsChip } from './NewWithdrawalsChip';
import { RiskChip } from './RiskChip';
import { RISK_CHOICES } from './signals';
import { detailPath, STATUS_CHOICES, type WithdrawalRecord } from './types';
import { UserStatusMarker } from './UserStatusNote';
import { ageSince, useNow } from './waiting';

/** The signed-in admin's user `_id`: a row they approved once waits for another admin. */
const SignedInContext = createContext<StoredUser | null>(null);

const isPending = (record: WithdrawalRecord) => record.status === 'pending';

/** Nothing in a cell wraps: what is too long ends in '…', whole on hover. */
const oneLine = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

/** The username after the account's status marker; the id and email on hover or focus. */
const UserCell = ({ record }: { record: WithdrawalRecord }) => (
  <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, maxWidth: 180 }}>
    <UserStatusMarker user={record.user} />
    <Tooltip title={`${record.userId} · ${record.user?.email ?? '-'}`} describeChild>
      {/* focusable, so the keyboard reaches what hover shows */}
      <Box component="span" tabIndex={0} sx={{ ...oneLine, fontWeight: 500 }}>
        {record.user?.username ?? record.userId}
      </Box>
    </Tooltip>
  </Box>
);

/** A long destination ends in '…' rather than wrapping mid-word; the whole of it on hover. */
const DestinationCell = ({ destination }: { destination: string }) => (
  <Tooltip title={destination} describeChild>
    <Box component="span" tabIndex={0} sx={{ ...oneLine, display: 'block', maxWidth: 200 }}>
      {destination}
    </Box>
  </Tooltip>
);

/** View always; Approve / Reject only while the row is pending, to who may approve. */
const RowActions = ({ record, mayDecide }: { record: WithdrawalRecord; mayDecide: boolean }) => {
  const blocked = approvalBlock(record, useContext(SignedInContext));
  return (
    <Stack
      direction="row"
      spacing={0.5}
      sx={{ whiteSpace: 'nowrap', '& .MuiButton-root': { minWidth: 0, py: 0 } }}
    >
      <Button size="small" component={RouterLink} to={detailPath(record.id)}>
        View
      </Button>
      {isPending(record) &&
        mayDecide &&
        (['approve', 'reject'] as const).map((action) => (
          <DecisionButton
            key={action}
            record={record}
            action={action}
            adminNote=""
            confirmText={`Are you sure you want to ${action} this withdrawal?`}
            blockedBy={action === 'approve' ? blocked : undefined}
          />
        ))}
    </Stack>
  );
};

/** '1 of 2'; beside it, when this admin gave the first approval, that the next is another's. */
const ApprovalsCell = ({ record }: { record: WithdrawalRecord }) => {
  const me = useContext(SignedInContext);
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      {approvalsText(record)}
      {awaitsAnotherAdmin(record, me?._id) && (
        <Typography variant="caption" component="span" color="warning.main" sx={{ ml: 1 }}>
          Needs another admin
        </Typography>
      )}
    </Box>
  );
};

/** How long a pending withdrawal has waited ('3 h 12 min'); '-' once decided. */
const WaitingCell = ({ record }: { record: WithdrawalRecord }) => {
  const now = useNow();
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {record.status === 'pending' ? ageSince(record.createdAt, now) : '-'}
    </Box>
  );
};

/** The date and the time on one line. */
const CreatedCell = ({ iso }: { iso: string }) => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <>{formatDateTime(iso)}</>;
  return (
    <Box component="time" dateTime={iso} sx={{ whiteSpace: 'nowrap' }}>
      {date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
    </Box>
  );
};

const WithdrawalTable = ({ mayDecide }: { mayDecide: boolean }) => (
  <ListBody what="withdrawals">
    <ListTable<WithdrawalRecord>
      selectable={mayDecide}
      isRowSelectable={isPending}
      minWidth={1040}
      empty={<EmptyNote>No withdrawals found</EmptyNote>}
    >
      <DataTable.Col
        label="User"
        disableSort
        render={(record) => <UserCell record={record as WithdrawalRecord} />}
      />
      <DataTable.Col
        label="Type"
        source="typeId"
        disableSort
        cellSx={() => ({ whiteSpace: 'nowrap' })}
      />
      <DataTable.Col
        label="Points"
        source="pointsSpent"
        align="right"
        render={(record) => formatNumber(record.pointsSpent)}
      />
      <DataTable.Col
        label="USD"
        source="usdValue"
        align="right"
        render={(record) => formatUsd(record.usdValue)}
      />
      <DataTable.Col
        label="Destination"
        source="destination"
        disableSort
        render={(record) => <DestinationCell destination={record.destination} />}
      />
      <DataTable.Col
        label="Risk"
        disableSort
        render={(record) => <RiskChip record={record as WithdrawalRecord} />}
      />
      <DataTable.Col
        label="Status"
        source="status"
        render={(record) => <StatusBadge status={record.status} />}
      />
      <DataTable.Col
        label="Approvals"
        disableSort
        render={(record) => <ApprovalsCell record={record as WithdrawalRecord} />}
      />
      <DataTable.Col
        label="Waiting"
        source="waiting"
        // the first click shows the longest waiting first
        sortByOrder="DESC"
        render={(record) => <WaitingCell record={record as WithdrawalRecord} />}
      />
      <DataTable.Col
        label="Created"
        source="createdAt"
        render={(record) => <CreatedCell iso={(record as WithdrawalRecord).createdAt} />}
      />
      <DataTable.Col
        label="Actions"
        disableSort
        render={(record) => (
          <RowActions record={record as WithdrawalRecord} mayDecide={mayDecide} />
        )}
      />
    </ListTable>
  </ListBody>
);

const WithdrawalListView = () => {
  // one check for the page: the rows and the bulk buttons follow it
  const mayDecide = useAllowed('approve').allowed;
  const me = useSignedInAdmin();
  return (
    <SignedInContext.Provider value={me}>
      <ReadOnlyNote action="approve" doing="approving and rejecting withdrawals" />
      <ListToolbar
        searchLabel="Search userId, destination or typeId"
        filters={
          <>
            <ListSelectFilter source="status" label="Status" choices={STATUS_CHOICES} />
            <ListSelectFilter source="risk" label="Risk" choices={RISK_CHOICES} />
            <LinkedFilterChips />
          </>
        }
        actions={
          <>
            <NewWithdrawalsChip />
            <ExportCsvButton />
          </>
        }
      />
      {mayDecide && (
        <ToolbarRow last>
          <BulkDecisionButtons />
        </ToolbarRow>
      )}
      <WithdrawalTable mayDecide={mayDecide} />
    </SignedInContext.Provider>
  );
};

const PENDING = { status: 'pending' };

/**
 * /withdrawals: pending first by default, newest first, 20 a page; one line a row. A link from
 * a risk signal's evidence opens it filtered by `destination` or `ids` (`?filter=`).
 */
export const WithdrawalList = () => (
  <PagedList title="Withdrawals" filterDefaultValues={PENDING}>
    <WithdrawalListView />
  </PagedList>
);
