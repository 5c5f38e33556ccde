import {
  Box,
  Button,
  CircularProgress,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { DataTable, List, useListContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { ListSearch } from '../../components/ListSearch';
import { ListSelectFilter } from '../../components/ListSelectFilter';
import { PrevNextPagination } from '../../components/PrevNextPagination';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDateTime, formatNumber, formatUsd } from '../../format';
import { BulkDecisionButtons } from './BulkDecisionButtons';
import { DecisionButton } from './DecisionButton';
import { detailPath, STATUS_CHOICES, type WithdrawalRecord } from './types';

/** The page's optional admin note, sent with every decision made from the list. */
const AdminNoteContext = createContext('');

const isPending = (record: WithdrawalRecord) => record.status === 'pending';

/** name, userId and email stacked */
const UserCell = ({ record }: { record: WithdrawalRecord }) => (
  <Box sx={{ minWidth: 150 }}>
    <Typography variant="body2" sx={{ fontWeight: 500 }}>
      {record.user?.username ?? '-'}
    </Typography>
    <Typography variant="caption" component="div" sx={{ fontFamily: 'monospace' }}>
      {record.userId}
    </Typography>
    <Typography variant="caption" component="div" color="text.secondary">
      {record.user?.email ?? '-'}
    </Typography>
  </Box>
);

/** View always; Approve / Reject only while the row is pending. */
const RowActions = ({ record }: { record: WithdrawalRecord }) => {
  const adminNote = useContext(AdminNoteContext);
  return (
    <Stack
      direction="row"
      spacing={0.5}
      sx={{ whiteSpace: 'nowrap', '& .MuiButton-root': { minWidth: 0 } }}
    >
      <Button size="small" component={RouterLink} to={detailPath(record.id)}>
        View
      </Button>
      {isPending(record) &&
        (['approve', 'reject'] as const).map((action) => (
          <DecisionButton
            key={action}
            id={record.id}
            action={action}
            adminNote={adminNote}
            confirmText={`Are you sure you want to ${action} this withdrawal?`}
          />
        ))}
    </Stack>
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

const NoWithdrawals = () => (
  <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary">
    No withdrawals found
  </Typography>
);

/** A checked row stays checked only while the query it was checked under is shown. */
const useUnselectOnQueryChange = () => {
  const { filterValues, page, perPage, sort, onUnselectItems } = useListContext();
  const query = JSON.stringify([filterValues, page, perPage, sort]);
  const shown = useRef(query);
  useEffect(() => {
    if (shown.current === query) return;
    shown.current = query;
    onUnselectItems();
  }, [query, onUnselectItems]);
};

const WithdrawalTable = () => {
  const { isPending: loading, isFetching } = useListContext();
  if (loading) {
    return (
      <Box
        role="status"
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, p: 4 }}
      >
        <CircularProgress size={24} aria-hidden="true" />
        <Typography>Loading withdrawals…</Typography>
      </Box>
    );
  }
  return (
    <Box sx={{ position: 'relative' }}>
      {isFetching && (
        <LinearProgress
          aria-label="Refreshing withdrawals"
          sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 3 }}
        />
      )}
      <DataTable<WithdrawalRecord>
        rowClick={false}
        // checkboxes and select-all, without react-admin's toolbar: our buttons sit above the table
        bulkActionButtons
        bulkActionsToolbar={false}
        isRowSelectable={isPending}
        empty={<NoWithdrawals />}
        sx={{
          '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
          '& .RaDataTable-table': { minWidth: 900 },
          '& .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox)': { px: 1 },
          '& td': { verticalAlign: 'top' },
        }}
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
          label="Created"
          source="createdAt"
          render={(record) => <CreatedCell iso={(record as WithdrawalRecord).createdAt} />}
        />
        <DataTable.Col
          label="Actions"
          disableSort
          render={(record) => <RowActions record={record as WithdrawalRecord} />}
        />
      </DataTable>
    </Box>
  );
};

const WithdrawalListView = () => {
  const [adminNote, setAdminNote] = useState('');
  useUnselectOnQueryChange();
  return (
    <AdminNoteContext.Provider value={adminNote}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1.5,
          p: 2,
          pb: 1,
        }}
      >
        {/* ListSearch fills its box (the theme makes text fields full width) */}
        <Box sx={{ flex: '1 1 260px', maxWidth: 420 }}>
          <ListSearch label="Search userId, destination or typeId" />
        </Box>
        <ListSelectFilter source="status" label="Status" choices={STATUS_CHOICES} />
        <Box sx={{ flexGrow: 1 }} />
        <ExportCsvButton />
      </Box>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1.5,
          px: 2,
          pb: 2,
        }}
      >
        <TextField
          size="small"
          label="Admin note (optional)"
          value={adminNote}
          onChange={(event) => setAdminNote(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
          sx={{ flex: '1 1 280px', maxWidth: 520 }}
        />
        <BulkDecisionButtons adminNote={adminNote} />
      </Box>
      <WithdrawalTable />
    </AdminNoteContext.Provider>
  );
};

/** /withdrawals: pending first by default, newest first, 20 a page. */
export const WithdrawalList = () => (
  <List
    title="Withdrawals"
    perPage={20}
    sort={{ field: 'createdAt', order: 'DESC' }}
    filterDefaultValues={{ status: 'pending' }}
    pagination={<PrevNextPagination />}
    actions={false}
    empty={false}
    exporter={false}
    // lets the table scroll sideways inside its card instead of widening the page
    sx={{ '& .RaList-main': { minWidth: 0 } }}
  >
    <WithdrawalListView />
  </List>
);
