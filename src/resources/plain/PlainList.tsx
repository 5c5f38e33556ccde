import { Button } from '@mui/material';
import {
  DataTable,
  FilterLiveForm,
  type RaRecord,
  ReferenceInput,
  SelectInput,
  useListContext,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { IfAllowed } from '../../access/Allowed';
import { EmptyNote } from '../../components/EmptyNote';
import { ListBody } from '../../components/ListBody';
import { ListTable } from '../../components/ListTable';
import { ListToolbar } from '../../components/ListToolbar';
import { PagedList } from '../../components/PagedList';
import { FAILURE_SHOWN_IN_PAGE } from '../../components/queryOptions';
import { useDeleteRecord } from '../../components/useDeleteRecord';
import { formatDateTime } from '../../format';
import { FieldValue } from './FieldValue';
import { fieldsOf } from './fields';
import { RowActions } from './RowActions';
import { messagesOf, nameFieldOf, type PlainScreensProps, REFERENCE_CHOICES } from './spec';

/** A record's path in the console: its Edit screen, or its Show with `/show`. */
export const recordPath = (name: string, record: RaRecord, screen: '' | '/show' = '') =>
  `/${name}/${encodeURIComponent(record.id)}${screen}`;

const Actions = ({ record, name, spec }: PlainScreensProps & { record: RaRecord }) => {
  const messages = messagesOf(name);
  const recordName = String(record[nameFieldOf(spec)] ?? record.id);
  const remove = useDeleteRecord(name, messages);
  return (
    <RowActions
      name={recordName}
      edit={recordPath(name, record)}
      confirm={messages.confirmDelete}
      description={spec.deleteWarning?.(recordName)}
      onDelete={() => remove(record)}
    />
  );
};

/** The list's filters: a select of the named records for each reference field that filters. */
const Filters = ({ spec }: Pick<PlainScreensProps, 'spec'>) => {
  const filters = fieldsOf(spec).filter((field) => field.kind === 'reference' && field.filter);
  if (!filters.length) return null;
  return (
    <FilterLiveForm>
      {filters.map((field) => (
        <ReferenceInput
          key={field.source}
          source={field.source}
          reference={field.reference ?? ''}
          {...REFERENCE_CHOICES}
        >
          <SelectInput
            label={field.label}
            emptyText="All"
            helperText={false}
            sx={{ minWidth: 200 }}
          />
        </ReferenceInput>
      ))}
    </FilterLiveForm>
  );
};

const Rows = (props: PlainScreensProps) => {
  const { data } = useListContext();
  if (!data) return null;
  const [first, ...rest] = fieldsOf(props.spec);
  return (
    <ListTable empty={<EmptyNote>{`No ${props.spec.title.toLowerCase()} found`}</EmptyNote>}>
      {first && (
        <DataTable.Col
          source={first.source}
          label={first.label}
          render={(record) => (
            <Link to={recordPath(props.name, record as RaRecord, '/show')}>
              <FieldValue field={first} />
            </Link>
          )}
        />
      )}
      {rest.map((field) => (
        <DataTable.Col
          key={field.source}
          source={field.source}
          label={field.label}
          align={field.kind === 'number' || field.kind === 'money' ? 'right' : undefined}
          disableSort={field.kind === 'reference'}
          render={() => <FieldValue field={field} />}
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
        render={(record) => <Actions record={record as RaRecord} {...props} />}
      />
    </ListTable>
  );
};

/**
 * /<name>: 20 a page (newest first unless the spec says), a search box and the filters,
 * '+ Create', each record's name leading to its Show, and Edit and Delete per row.
 */
export const PlainList = (props: PlainScreensProps) => {
  const { record, listError } = messagesOf(props.name);
  return (
    <PagedList
      title={props.spec.title}
      queryOptions={FAILURE_SHOWN_IN_PAGE}
      {...(props.spec.sort && { sort: props.spec.sort })}
    >
      <ListToolbar
        searchLabel={`Search ${props.spec.title.toLowerCase()}`}
        filters={<Filters spec={props.spec} />}
        actions={
          <IfAllowed action="create">
            <Button variant="contained" component={Link} to={`/${props.name}/create`}>
              {`+ Create ${record}`}
            </Button>
          </IfAllowed>
        }
      />
      <ListBody what={props.spec.title.toLowerCase()} errorTitle={listError} inset>
        <Rows {...props} />
      </ListBody>
    </PagedList>
  );
};
