import { Card, Stack } from '@mui/material';
import {
  DataTable,
  EditButton,
  Labeled,
  ReferenceManyField,
  Show,
  SimpleShowLayout,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { singularOf } from '../../../contract/crud-names';
import { EmptyNote } from '../../components/EmptyNote';
import { ListTable } from '../../components/ListTable';
import { RecordTimeline } from '../../components/timeline/RecordTimeline';
import { useRecordLoadFailure } from '../../components/useRecordLoadFailure';
import { formatDateTime } from '../../format';
import { FieldValue } from './FieldValue';
import { fieldsOf } from './fields';
import { fieldWordsOf } from './fieldWords';
import { type AnySpec, messagesOf, nameFieldOf, type PlainScreensProps } from './spec';

/** The page's title: the record's name once it is loaded. */
const RecordTitle = ({ spec, fallback }: { spec: AnySpec; fallback: string }) => {
  const record = useRecordContext();
  return <>{record ? String(record[nameFieldOf(spec)] ?? fallback) : fallback}</>;
};

const Stamp = ({ source }: { source: 'createdAt' | 'updatedAt' }) => {
  const record = useRecordContext();
  return <>{formatDateTime(record?.[source] as string | undefined)}</>;
};

/** The audit log's name of a plain resource's records, as the API's: promo-codes → promo_code. */
const entityOf = (name: string) => singularOf(name).replace(/ /g, '_');

/** The record's history, once the record is loaded: its fields by their labels, in words. */
const History = ({ name, spec }: PlainScreensProps) => {
  const record = useRecordContext();
  return record ? (
    <RecordTimeline entity={entityOf(name)} entityId={record.id} words={fieldWordsOf(spec)} />
  ) : null;
};

/**
 * /<name>/<id>/show: every field as its kind shows it, the record's times, Edit, and the
 * records of the related resources that name it (a category's offers); then its history.
 */
export const PlainShow = ({ name, spec }: PlainScreensProps) => {
  const { record, notFound, listError } = messagesOf(name);
  const queryOptions = useRecordLoadFailure(notFound, `/${name}`, listError);
  return (
    <Show
      title={<RecordTitle spec={spec} fallback={record} />}
      queryOptions={queryOptions}
      component="div"
      actions={
        <TopToolbar>
          <EditButton label="Edit" />
        </TopToolbar>
      }
    >
      <Stack spacing={2}>
        <Card>
          <SimpleShowLayout>
            {fieldsOf(spec).map((field) => (
              <Labeled key={field.source} label={field.label}>
                <FieldValue field={field} />
              </Labeled>
            ))}
            <Labeled label="Created">
              <Stamp source="createdAt" />
            </Labeled>
            <Labeled label="Updated">
              <Stamp source="updatedAt" />
            </Labeled>
            {spec.related?.map((related) => (
              <Labeled key={related.name} label={related.spec.title} fullWidth>
                <ReferenceManyField
                  reference={related.name}
                  target={related.target}
                  sort={related.spec.sort}
                  perPage={100}
                >
                  <ListTable
                    aria-label={related.spec.title}
                    empty={<EmptyNote>{`No ${related.spec.title.toLowerCase()}`}</EmptyNote>}
                  >
                    {fieldsOf(related.spec)
                      .filter((field) => field.source !== related.target)
                      .map((field) => (
                        <DataTable.Col
                          key={field.source}
                          source={field.source}
                          label={field.label}
                          disableSort
                          render={() => <FieldValue field={field} />}
                        />
                      ))}
                  </ListTable>
                </ReferenceManyField>
              </Labeled>
            ))}
          </SimpleShowLayout>
        </Card>
        <History name={name} spec={spec} />
      </Stack>
    </Show>
  );
};
