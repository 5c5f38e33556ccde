import { DataTable, type DataTableProps, type RaRecord } from 'react-admin';
import { SelectableTableBody, SelectableTableHead } from './SelectableTableParts';

export type ListTableProps<R extends RaRecord> = Omit<
  DataTableProps<R>,
  'rowClick' | 'bulkActionButtons' | 'bulkActionsToolbar' | 'sx'
> & {
  /** A checkbox per row and select-all, acted on by buttons above the table (BulkActionButtons). */
  selectable?: boolean;
  /** Below this width the table scrolls sideways inside its card instead of squeezing. */
  minWidth?: number;
  /** Cells align at the top (rows whose cells stack several lines). */
  alignTop?: boolean;
};

/**
 * The table of a paged list: rows are not links (each row has its own buttons), cells are
 * compact, and on narrow screens the table scrolls sideways inside its card.
 */
export const ListTable = <R extends RaRecord>({
  selectable = false,
  minWidth,
  alignTop = false,
  ...props
}: ListTableProps<R>) => (
  <DataTable<R>
    rowClick={false}
    bulkActionButtons={selectable}
    body={selectable ? SelectableTableBody : undefined}
    head={selectable ? SelectableTableHead : undefined}
    // react-admin's toolbar stays off: the screen's own buttons sit above the table
    bulkActionsToolbar={false}
    sx={{
      '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
      '& .RaDataTable-table': { minWidth },
      '& .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox)': { px: 1 },
      ...(alignTop ? { '& td': { verticalAlign: 'top' } } : {}),
    }}
    {...props}
  />
);
