import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { createContext, useCallback, useContext, useMemo, useState } from 'react';
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
import { NewWithdrawalsChip } from './NewWithdrawalsChip';
import { detailPath, STATUS_CHOICES, type WithdrawalRecord } from './types';
import { UserStatusNote } from './UserStatusNote';
import { ageSince, useNow } from './waiting';

/** The page's optional admin note, sent with the next decision made from the list. */
const AdminNoteContext = createContext({ note: '', clear: () => {} });

/** The signed-in admin's user `_id`: a row they approved once waits for another admin. */
const SignedInContext = createContext<StoredUser | null>(null);

const isPending = (record: WithdrawalRecord) => record.status === 'pending';

/** name, userId, email and the account's status stacked */
const UserCell = ({ record }: { record: WithdrawalRecord }) => (
  <Box sx={{ minWidth: 150, overflowWrap: 'anywhere' }}>
    <Typography variant="body2" sx={{ fontWeight: 500 }}>
      {record.user?.username ?? '-'}
    </Typography>
    <UserStatusNote user={record.user} />
    <Typography variant="caption" component="div" sx={{ fontFamily: 'monospace' }}>
      {record.userId}
    </Typography>
    <Typography variant="caption" component="div" color="text.secondary">
      {record.user?.email ?? '-'}
    </Typography>
  </Box>
);

/** View always; Approve / Reject only while the row is pending, to who may approve. */
const RowActions = ({ record, mayDecide }: { record: WithdrawalRecord; mayDecide: boolean }) => {
  const adminNote = useContext(AdminNoteContext);
  const blocked = approvalBlock(record, useContext(SignedInContext));
  return (
    // stacked: the rows are several lines tall anyway, and the table keeps its width for the data
    <Stack
      spacing={0.5}
      sx={{ alignItems: 'flex-start', whiteSpace: 'nowrap', '& .MuiButton-root': { minWidth: 0 } }}
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
            adminNote={adminNote.note}
            onDecided={adminNote.clear}
            confirmText={`Are you sure you want to ${action} this withdrawal?`}
            blockedBy={action === 'approve' ? blocked : undefined}
          />
        ))}
    </Stack>
  );
};

/** '1 of 2'; under it, when this admin gave the first approval, that the next is another's. */
const ApprovalsCell = ({ record }: { record: WithdrawalRecord }) => {
  const me = useContext(SignedInContext);
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      {approvalsText(record)}
      {awaitsAnotherAdmin(record, me?._id) && (
        <Typography
          variant="caption"
          component="span"
          color="warning.main"
          sx={{ display: 'block' }}
        >
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

/** The date over the time, so the column stays narrow. */
const CreatedCell = ({ iso }: { iso: string }) => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <>{formatDateTime(iso)}</>;
  return (
    <Box component="time" dateTime={iso} sx={{ whiteSpace: 'nowrap' }}>
      {date.toLocaleDateString(undefined, { dateStyle: 'medium' })}
      <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
        {date.toLocaleTimeString(undefined, { timeStyle: 'short' })}
      </Box>
    </Box>
  );
};

const WithdrawalTable = ({ mayDecide }: { mayDecide: boolean }) => (
  <ListBody what="withdrawals">
    <ListTable<WithdrawalRecord>
      selectable={mayDecide}
      isRowSelectable={isPending}
      minWidth={1040}
      alignTop
      empty={<EmptyNote>No withdrawals found</EmptyNote>}
    >
      <DataTable.Col
        label="User"
        disableSort
        render={(record) => <UserCell record={record as WithdrawalRecord} />}
      />
      <DataTable.Col label="Type" source="typeId" disableSort />
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
        cellSx={() => ({ wordBreak: 'break-all', minWidth: 140 })}
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
  const [adminNote, setAdminNote] = useState('');
  // A note goes with one decision only: a later one must not carry it unseen.
  const clear = useCallback(() => setAdminNote(''), []);
  const noteContext = useMemo(() => ({ note: adminNote, clear }), [adminNote, clear]);
  // one check for the page: the rows, the note and the bulk buttons follow it
  const mayDecide = useAllowed('approve').allowed;
  const me = useSignedInAdmin();
  return (
    <SignedInContext.Provider value={me}>
      <AdminNoteContext.Provider value={noteContext}>
        <ReadOnlyNote action="approve" doing="approving and rejecting withdrawals" />
        <ListToolbar
          searchLabel="Search userId, destination or typeId"
          filters={<ListSelectFilter source="status" label="Status" choices={STATUS_CHOICES} />}
          actions={
            <>
              <NewWithdrawalsChip />
              <ExportCsvButton />
            </>
          }
        />
        {mayDecide && (
          <ToolbarRow last>
            <TextField
              size="small"
              label="Admin note (optional)"
              value={adminNote}
              onChange={(event) => setAdminNote(event.target.value)}
              helperText="Saved with the next decision only"
              slotProps={{ htmlInput: { maxLength: 1000 } }}
              sx={{ flex: '1 1 280px', maxWidth: 520 }}
            />
            <BulkDecisionButtons adminNote={adminNote} onDecided={clear} />
          </ToolbarRow>
        )}
        <WithdrawalTable mayDecide={mayDecide} />
      </AdminNoteContext.Provider>
    </SignedInContext.Provider>
  );
};

const PENDING = { status: 'pending' };

/** /withdrawals: pending first by default, newest first, 20 a page. */
export const WithdrawalList = () => (
  <PagedList title="Withdrawals" filterDefaultValues={PENDING}>
    <WithdrawalListView />
  </PagedList>
);
