import EditIcon from '@mui/icons-material/Edit';
import ViewIcon from '@mui/icons-material/Visibility';
import { Box, Button } from '@mui/material';
import { DataTable, type Identifier, useListContext } from 'react-admin';
import { Link } from 'react-router-dom';
import { IfAllowed } from '../../access/Allowed';
import { EmptyNote } from '../../components/EmptyNote';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { ListSelectFilter } from '../../components/ListSelectFilter';
import { ListTable } from '../../components/ListTable';
import { ListToolbar } from '../../components/ListToolbar';
import { PagedList } from '../../components/PagedList';
import { RefreshBar } from '../../components/RefreshBar';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDateTime, formatNumber } from '../../format';
import { AdminToggleButton } from './AdminToggleButton';
import { UserAccessButton } from './UserAccessButton';
import {
  roleLabel,
  STATUS_CHOICES,
  twoStepLabel,
  type UserRecord,
  userEditPath,
  userPath,
} from './user';

const STATUS_FILTER_CHOICES = STATUS_CHOICES.map(({ id, name }) => ({ value: id, label: name }));

/** Search, status filter and CSV export, at the top of the list's card (as on Withdrawals). */
const UserListToolbar = () => (
  <ListToolbar
    searchLabel="Search username, email or userId"
    filters={<ListSelectFilter source="status" label="Status" choices={STATUS_FILTER_CHOICES} />}
    actions={<ExportCsvButton />}
  />
);

/** A thin bar while the page (re)loads: the table's own skeleton only appears after a second. */
const ListProgress = () => {
  const { isFetching } = useListContext();
  return <RefreshBar active={isFetching} label="Loading users" />;
};

/** A click on the row's own buttons (or their dialogs) is theirs, not the row's. */
const RowActions = ({ record }: { record: UserRecord }) => (
  <Box
    onClick={(event) => event.stopPropagation()}
    sx={{ display: 'flex', gap: 0.5, alignItems: 'center', whiteSpace: 'nowrap' }}
  >
    <Button size="small" component={Link} to={userPath(record.id)} startIcon={<ViewIcon />}>
      View
    </Button>
    <IfAllowed action="edit">
      <Button size="small" component={Link} to={userEditPath(record.id)} startIcon={<EditIcon />}>
        Edit
      </Button>
    </IfAllowed>
    <AdminToggleButton record={record} size="small" />
    <UserAccessButton record={record} />
  </Box>
);

const user = (record: unknown) => record as UserRecord;

/** A row opens the user's page, as react-admin's lists do. */
const openUser = (id: Identifier) => userPath(id);

/**
 * /users: 20 a page, newest first; search over username, email or userId (Enter searches at
 * once), a status filter, CSV export of the filtered set, and per-row actions; a click on a row
 * opens the user's page.
 */
export const UserList = () => (
  <PagedList title="Users">
    <UserListToolbar />
    <ListProgress />
    <ListTable empty={<EmptyNote>No users found</EmptyNote>} rowClick={openUser}>
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
      <DataTable.Col label="Two-step" disableSort render={(record) => twoStepLabel(user(record))} />
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
    </ListTable>
  </PagedList>
);
