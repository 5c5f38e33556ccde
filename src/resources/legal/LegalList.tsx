import { DataTable, List, useListContext } from 'react-admin';
import { Link } from 'react-router-dom';
import { LEGAL_LIST_LIMIT, LEGAL_TYPES } from '../../../contract/legal';
import { EmptyNote } from '../../components/EmptyNote';
import { ListBody } from '../../components/ListBody';
import { ListSelectFilter } from '../../components/ListSelectFilter';
import { ListTable } from '../../components/ListTable';
import { ToolbarRow } from '../../components/ListToolbar';
import { PrevNextPagination } from '../../components/PrevNextPagination';
import { FAILURE_SHOWN_IN_PAGE } from '../../components/queryOptions';
import { formatDateTime } from '../../format';
import { EditVersionButton } from './EditVersionButton';
import { LegalStatus } from './LegalStatus';
import { type LegalVersionRecord, showPath, TYPE_LABELS, versionName } from './legal';

const TYPE_CHOICES = LEGAL_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] }));

// The API lists a type's versions newest first and takes no sort.
const API_ORDER = { field: '', order: 'DESC' } as const;

const Col = DataTable.Col<LegalVersionRecord>;

const Rows = () => {
  const { data } = useListContext<LegalVersionRecord>();
  if (!data) return null;
  return (
    <ListTable<LegalVersionRecord> empty={<EmptyNote>No versions yet</EmptyNote>}>
      <Col source="type" label="Type" render={(row) => TYPE_LABELS[row.type] ?? row.type} />
      <Col
        source="version"
        label="Version"
        render={(row) => (
          <Link to={showPath(row.id)} aria-label={versionName(row)}>{`v${row.version}`}</Link>
        )}
      />
      <Col label="Status" render={(row) => <LegalStatus record={row} />} />
      <Col label="Published" render={(row) => formatDateTime(row.publishedAt)} />
      <Col label="Updated" render={(row) => formatDateTime(row.updatedAt)} />
      <Col label="Actions" render={(row) => <EditVersionButton record={row} size="small" />} />
    </ListTable>
  );
};

/** /legal: the versions of one document type, newest first, 20 a page. */
export const LegalList = () => (
  <List
    title="Legal"
    perPage={LEGAL_LIST_LIMIT}
    sort={API_ORDER}
    filterDefaultValues={{ type: 'terms' }}
    queryOptions={FAILURE_SHOWN_IN_PAGE}
    actions={false}
    empty={false}
    exporter={false}
    pagination={<PrevNextPagination />}
    sx={{ '& .RaList-main': { minWidth: 0 } }}
  >
    <ToolbarRow last>
      <ListSelectFilter source="type" label="Type" choices={TYPE_CHOICES} allLabel={false} />
    </ToolbarRow>
    <ListBody what="versions" errorTitle="Error loading versions" inset>
      <Rows />
    </ListBody>
  </List>
);
