import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, Button } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import type { ReactNode } from 'react';
import { DataTable, ListBase, type RaRecord, useListContext } from 'react-admin';
import { EmptyNote } from '../../components/EmptyNote';
import { ListBody } from '../../components/ListBody';
import { ListSearch } from '../../components/ListSearch';
import { ListTable } from '../../components/ListTable';
import { useDeleteRecord } from '../../components/useDeleteRecord';
import { RowActions } from './RowActions';
import { type AnySpec, messagesOf, nameFieldOf } from './spec';

/** A list inside a page shows 100 at most (spec section 9: categories and offers). */
export const PANEL_LIST_LIMIT = 100;

const quiet = () => undefined;

/**
 * The search box (the API's q) and Refresh, above a panel's list. Refresh stays usable while a
 * reload runs (the bar under it shows that), so the keyboard focus stays on it.
 */
const PanelToolbar = ({ what }: { what: string }) => {
  const { refetch } = useListContext();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <Box sx={{ flex: '1 1 200px', '& .MuiTextField-root': { minWidth: 0, width: '100%' } }}>
        <ListSearch label={`Search ${what}`} />
      </Box>
      <Button
        variant="outlined"
        onClick={() => void refetch()}
        startIcon={<RefreshIcon />}
        aria-label={`Refresh ${what}`}
      >
        Refresh
      </Button>
    </Box>
  );
};

/**
 * The rows, once loaded (a failed load shows its alert alone), each ending with Edit (in the
 * page's form) and Delete (after the resource's confirmation).
 */
const Rows = <R extends RaRecord>({
  name,
  spec,
  empty,
  children,
  onEdit,
  onDeleted,
}: Omit<PanelListProps<R>, 'filter' | 'beside'>) => {
  const { data } = useListContext<R>();
  const messages = messagesOf(name);
  const remove = useDeleteRecord<R>(name, messages, onDeleted);
  if (!data) return null;
  const nameOf = (record: R) => String(record[nameFieldOf(spec)] ?? record.id);
  return (
    // the header row is for assistive technology: each row's cells say what they are
    <Box sx={{ '& thead': visuallyHidden }}>
      <ListTable<R> aria-label={spec.title} empty={<EmptyNote>{empty}</EmptyNote>}>
        {children}
        <DataTable.Col<R>
          label={<span>Actions</span>}
          disableSort
          align="right"
          render={(record) => (
            <RowActions
              name={nameOf(record)}
              edit={() => onEdit(record)}
              confirm={messages.confirmDelete}
              description={spec.deleteWarning?.(nameOf(record))}
              onDelete={() => remove(record)}
            />
          )}
        />
      </ListTable>
    </Box>
  );
};

export interface PanelListProps<R extends RaRecord> {
  name: string;
  spec: AnySpec;
  /** e.g. the selected category's offers: `{ categoryId }`. */
  filter?: Record<string, unknown>;
  /** What the list says when it has no rows. */
  empty: string;
  /**
   * The table's columns (`<DataTable.Col>`) before Edit and Delete, each labelled by an element
   * (`<span>Offer</span>`), not a string: on a phone the rows stack without a label before
   * each value (see ListTable), as a panel's rows say what they are.
   */
  children: ReactNode;
  /** Rendered inside the list's context, e.g. what follows its rows. */
  beside?: ReactNode;
  /** A row's Edit: the page's form takes the record. */
  onEdit: (record: R) => void;
  /** After a row's Delete succeeded. */
  onDeleted?: (record: R) => void;
}

/**
 * A resource's list inside a page, kept out of the URL (two lists share Game Offers): search,
 * Refresh, 'Loading…', a failed load with Retry (in place, not a toast), the empty text or the
 * rows, in the spec's order. The page is already behind the admin check.
 */
export const PanelList = <R extends RaRecord>({ filter, beside, ...rows }: PanelListProps<R>) => {
  const { name, spec } = rows;
  const what = name.replace(/-/g, ' ');
  return (
    <ListBase
      resource={name}
      filter={filter}
      perPage={PANEL_LIST_LIMIT}
      sort={spec.sort}
      disableSyncWithLocation
      disableAuthentication
      queryOptions={{ onError: quiet }}
    >
      {beside}
      <PanelToolbar what={what} />
      <Box>
        <ListBody what={what} errorTitle={messagesOf(name).listError}>
          <Rows {...rows} />
        </ListBody>
      </Box>
    </ListBase>
  );
};
