import { Box, type Theme } from '@mui/material';
import { Children, cloneElement, isValidElement, type ReactNode } from 'react';
import { DataTable, type DataTableProps, type RaRecord } from 'react-admin';
import { SelectableTableBody, SelectableTableHead } from './SelectableTableParts';
import { useSideScrollEdges } from './useSideScrollEdges';

export type ListTableProps<R extends RaRecord> = Omit<
  DataTableProps<R>,
  'bulkActionButtons' | 'bulkActionsToolbar' | 'sx'
> & {
  /** A checkbox per row and select-all, acted on by buttons above the table (BulkActionButtons). */
  selectable?: boolean;
  /** Below this width the table scrolls sideways inside its card instead of squeezing. */
  minWidth?: number;
  /** Cells align at the top (rows whose cells stack several lines). */
  alignTop?: boolean;
};

const WRAPPER = '.RaDataTable-tableWrapper';

/**
 * Each cell carries its column's label (`data-label`), which the stacked layout shows before
 * the value: on a phone a row reads 'Balance 1,234' with no header row in sight.
 */
const labelCells = (columns: ReactNode) =>
  Children.map(columns, (column) =>
    isValidElement<{ label?: unknown }>(column) && typeof column.props.label === 'string'
      ? cloneElement(column, { 'data-label': column.props.label } as { label?: unknown })
      : column,
  );

/**
 * Under 600 px (a phone) each row is a block of 'label value' lines instead of a table row: all
 * of it fits the width, nothing is clipped. The header row keeps only the controls that act on
 * the list (the sort buttons and select-all), as a strip above the rows.
 */
const stackedSx = (theme: Theme) => ({
  '& .RaDataTable-table': { minWidth: 0 },
  '& table, & thead, & tbody': { display: 'block' },
  '& thead tr': {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: 2,
    rowGap: 0.5,
    px: 1,
    py: 0.5,
    borderBottom: `1px solid ${theme.palette.divider}`,
    '&::before': { content: '"Sort by"', order: 1, color: theme.palette.text.secondary },
  },
  '& thead th': {
    display: 'block',
    flex: 'none',
    order: 2,
    width: 'auto',
    minWidth: 0,
    border: 0,
    p: 0,
    position: 'static',
    textAlign: 'left',
    backgroundColor: 'transparent',
  },
  '& thead .MuiTableSortLabel-root': { flexDirection: 'row' },
  '& thead th.MuiTableCell-paddingCheckbox': { order: 0 },
  '& thead th:not(:has(.MuiTableSortLabel-root, input))': { display: 'none' },
  '& tbody tr': {
    display: 'block',
    py: 1,
    borderBottom: `1px solid ${theme.palette.divider}`,
  },
  '& tbody td': {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: 1,
    rowGap: 0.5,
    minWidth: 0,
    width: 'auto',
    border: 0,
    py: 0.5,
    px: 2,
    // right-aligned (number) columns too: label first, value after it
    flexDirection: 'row',
    justifyContent: 'flex-start',
    textAlign: 'left',
    overflowWrap: 'anywhere',
    whiteSpace: 'normal',
  },
  '& tbody td[data-label]::before': {
    content: 'attr(data-label)',
    flex: '0 0 6.5rem',
    color: theme.palette.text.secondary,
    fontWeight: theme.typography.fontWeightMedium,
  },
  // a cell's row of buttons wraps rather than running off the edge
  '& tbody td > .MuiBox-root, & tbody td > .MuiStack-root': { flexWrap: 'wrap', minWidth: 0 },
  '& tbody tr:last-of-type': { borderBottom: 0 },
});

/**
 * A soft shadow over each side of the table that hides columns (set by `data-more-left` and
 * `data-more-right`): the sign that it scrolls sideways.
 */
const scrollShadowSx = (theme: Theme) => {
  const shade = theme.palette.mode === 'dark' ? 'rgba(0, 0, 0, 0.6)' : 'rgba(0, 0, 0, 0.22)';
  const side = (to: 'right' | 'left') => ({
    content: '""',
    position: 'absolute',
    top: 0,
    bottom: 0,
    width: 20,
    zIndex: 3,
    pointerEvents: 'none',
    opacity: 0,
    transition: theme.transitions.create('opacity', {
      duration: theme.transitions.duration.shorter,
    }),
    background: `linear-gradient(to ${to}, ${shade}, transparent)`,
  });
  return {
    position: 'relative',
    '&::before': { ...side('right'), left: 0 },
    '&::after': { ...side('left'), right: 0 },
    '&[data-more-left]::before, &[data-more-right]::after': { opacity: 1 },
  } as const;
};

/**
 * The table of a paged list: rows are not links unless `rowClick` says where a row leads (each
 * row has its own buttons), cells are compact. When it is wider than its card it scrolls sideways there, with a shadow on the side
 * that hides columns; on a phone its rows stack instead.
 */
export const ListTable = <R extends RaRecord>({
  selectable = false,
  minWidth,
  alignTop = false,
  children,
  ...props
}: ListTableProps<R>) => {
  const { ref, edges } = useSideScrollEdges<HTMLDivElement>(WRAPPER);
  return (
    <Box
      ref={ref}
      data-scroll-shadow=""
      data-more-left={edges.left ? '' : undefined}
      data-more-right={edges.right ? '' : undefined}
      sx={scrollShadowSx}
    >
      <DataTable<R>
        rowClick={false}
        bulkActionButtons={selectable}
        body={selectable ? SelectableTableBody : undefined}
        head={selectable ? SelectableTableHead : undefined}
        // react-admin's toolbar stays off: the screen's own buttons sit above the table
        bulkActionsToolbar={false}
        sx={(theme) => ({
          [`& ${WRAPPER}`]: { overflowX: 'auto' },
          '& .RaDataTable-table': { minWidth },
          '& .MuiTableCell-root:not(.MuiTableCell-paddingCheckbox)': { px: 1 },
          ...(alignTop ? { '& td': { verticalAlign: 'top' } } : {}),
          [theme.breakpoints.down('sm')]: stackedSx(theme),
        })}
        {...props}
      >
        {labelCells(children)}
      </DataTable>
    </Box>
  );
};
