import EditIcon from '@mui/icons-material/Edit';
import ViewIcon from '@mui/icons-material/Visibility';
import { Box, Button, CardContent, LinearProgress, Typography } from '@mui/material';
import { DataTable, List, useListContext } from 'react-admin';
import { Link } from 'react-router-dom';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { ListSearch } from '../../components/ListSearch';
import { ListSelectFilter } from '../../components/ListSelectFilter';
import { PrevNextPagination } from '../../components/PrevNextPagination';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDateTime, formatNumber } from '../../format';
import { AdminToggleButton } from './AdminToggleButton';
import { DisableUserButton } from './DisableUserButton';
import { roleLabel, STATUS_CHOICES, type UserRecord, userEditPath, userPath } from './user';

const STATUS_FILTER_CHOICES = STATUS_CHOICES.map(({ id, name }) => ({ value: id, label: name }));

/** Search, status filter and CSV export, at the top of the list's card (as on Withdrawals). */
const UserListToolbar = () => (
  <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, p: 2, pb: 1 }}>
    {/* ListSearch fills its box (the theme makes text fields full width) */}
    <Box sx={{ flex: '1 1 260px', maxWidth: 420 }}>
      <ListSearch label="Search username, email or userId" />
    </Box>
    <ListSelectFilter source="status" label="Status" choices={STATUS_FILTER_CHOICES} />
    <Box sx={{ flexGrow: 1 }} />
    <ExportCsvButton />
  </Box>
);

const NoUsers = () => (
  <CardContent>
    <Typography color="text.secondary">No users found</Typography>
  </CardContent>
);

/** A thin bar while the page (re)loads: the table's own skeleton only appears after a second. */
const ListProgress = () => {
  const { isFetching } = useListContext();
  return (
    <Box sx={{ height: 4 }}>{isFetching && <LinearProgress aria-label="Loading users" />}</Box>
  );
};

const RowActions = ({ record }: { record: UserRecord }) => (
  <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', whiteSpace: 'nowrap' }}>
    <Button size="small" component={Link} to={userPath(record.id)} startIcon={<ViewIcon />}>
      View
    </Button>
    <Button size="small" component={Link} to={userEditPath(record.id)} startIcon={<EditIcon />}>
      Edit
    </Button>
    <AdminToggleButton record={record} size="small" />
    <DisableUserButton record={record} />
  </Box>
);

const user = (record: unknown) => record as UserRecord;

/**
 * /users: 20 a page, newest first; search over username, email or userId (Enter searches at
 * once), a status filter, CSV export of the filtered set, and per-row actions. Narrow screens
 * scroll the table sideways inside its card.
 */
export const UserList = () => (
  <List
    title="Users"
    perPage={20}
    sort={{ field: 'createdAt', order: 'DESC' }}
    pagination={<PrevNextPagination />}
    actions={false}
    empty={false}
    exporter={false}
    // lets the table scroll sideways inside its card instead of widening the page
    sx={{ '& .RaList-main': { minWidth: 0 } }}
  >
    <UserListToolbar />
    <ListProgress />
    <DataTable
      rowClick={false}
      bulkActionButtons={false}
      empty={<NoUsers />}
      sx={{ '& .RaDataTable-tableWrapper': { overflowX: 'auto' } }}
    >
      <DataTable.Col source="username" label="Username" />
      <DataTable.Col source="email" label="Email" />
      <DataTable.Col source="userId" label="User ID" disableSort />
      <DataTable.Col
        source="status"
        label="Status"
        render={(record) => <StatusBadge status={user(record).status} />}
      />
      <DataTable.Col
        source="balance"
        label="Balance"
        align="right"
        render={(record) => formatNumber(user(record).balance)}
      />
      <DataTable.Col
        source="xp"
        label="XP"
        align="right"
        render={(record) => formatNumber(user(record).xp)}
      />
      <DataTable.Col
        label="Role"
        disableSort
        cellSx={() => ({ whiteSpace: 'nowrap' })}
        render={(record) => roleLabel(user(record).adminRole)}
      />
      <DataTable.Col
        source="createdAt"
        label="Created"
        cellSx={() => ({ whiteSpace: 'nowrap' })}
        render={(record) => formatDateTime(user(record).createdAt)}
      />
      <DataTable.Col
        label="Actions"
        disableSort
        render={(record) => <RowActions record={user(record)} />}
      />
    </DataTable>
  </List>
);
