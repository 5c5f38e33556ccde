import EditIcon from '@mui/icons-material/Edit';
import { Button, Stack } from '@mui/material';
import { DataTable, type RaRecord, useListContext } from 'react-admin';
import { Link } from 'react-router-dom';
import { labelOf } from '../../../contract/crud-names';
import { ActiveBadge } from '../../components/ActiveBadge';
import { DeleteButton } from '../../components/DeleteButton';
import { EmptyNote } from '../../components/EmptyNote';
import { ListBody } from '../../components/ListBody';
import { ListTable } from '../../components/ListTable';
import { ListToolbar } from '../../components/ListToolbar';
import { PagedList } from '../../components/PagedList';
import { FAILURE_SHOWN_IN_PAGE } from '../../components/queryOptions';
import { useDeleteRecord } from '../../components/useDeleteRecord';
import { formatDateTime, formatNumber } from '../../format';
import { type FieldKind, messagesOf, type PlainScreensProps } from './spec';

const shown: Record<FieldKind, (value: unknown) => React.ReactNode> = {
  text: (value) => (value === null || value === undefined || value === '' ? '-' : String(value)),
  number: (value) => formatNumber(value as number | null),
  boolean: (value) => <ActiveBadge active={value === true} on="yes" off="no" />,
  datetime: (value) => formatDateTime(value as string | null),
};

/** The record's name in buttons and confirmations: its first field's value. */
const nameOf = (record: RaRecord, { spec }: PlainScreensProps) =>
  String(record[Object.keys(spec.fields)[0] ?? 'id'] ?? record.id);

const RowActions = ({ record, ...props }: PlainScreensProps & { record: RaRecord }) => {
  const messages = messagesOf(props.name);
  const name = nameOf(record, props);
  const remove = useDeleteRecord(props.name, messages);
  return (
    <Stack direction="row" spacing={0.5} sx={{ whiteSpace: 'nowrap' }}>
      <Button
        size="small"
        component={Link}
        to={`/${props.name}/${encodeURIComponent(record.id)}`}
        startIcon={<EditIcon />}
        aria-label={`Edit ${name}`}
      >
        Edit
      </Button>
      <DeleteButton name={name} confirm={messages.confirmDelete} onDelete={() => remove(record)} />
    </Stack>
  );
};

const Rows = (props: PlainScreensProps) => {
  const { data } = useListContext();
  if (!data) return null;
  const columns = Object.entries(props.spec.fields) as [string, FieldKind][];
  return (
    <ListTable empty={<EmptyNote>{`No ${props.spec.title.toLowerCase()} found`}</EmptyNote>}>
      {columns.map(([source, kind]) => (
        <DataTable.Col
          key={source}
          source={source}
          label={labelOf(source)}
          align={kind === 'number' ? 'right' : undefined}
          render={(record) => shown[kind](record[source])}
        />
      ))}
      <DataTable.Col
        source="createdAt"
        label="Created"
        render={(record) => formatDateTime(record.createdAt)}
      />
      <DataTable.Col
        label="Actions"
        disableSort
        render={(record) => <RowActions record={record as RaRecord} {...props} />}
      />
    </ListTable>
  );
};

/** /<name>: 20 a page, newest first, a search box, '+ Create', and Edit and Delete per row. */
export const PlainList = (props: PlainScreensProps) => {
  const { record, listError } = messagesOf(props.name);
  return (
    <PagedList title={props.spec.title} queryOptions={FAILURE_SHOWN_IN_PAGE}>
      <ListToolbar
        searchLabel={`Search ${props.spec.title.toLowerCase()}`}
        actions={
          <Button variant="contained" component={Link} to={`/${props.name}/create`}>
            {`+ Create ${record}`}
          </Button>
        }
      />
      <ListBody what={props.spec.title.toLowerCase()} errorTitle={listError} inset>
        <Rows {...props} />
      </ListBody>
    </PagedList>
  );
};
