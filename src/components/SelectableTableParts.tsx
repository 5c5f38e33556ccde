import { Checkbox, TableCell, type TableRowProps } from '@mui/material';
import { type ChangeEvent, type MouseEvent, type ReactNode, useMemo } from 'react';
import {
  DataTableBody,
  DataTableConfigContext,
  DataTableHead,
  DataTableRow,
  type RaRecord,
  useDataTableCallbacksContext,
  useDataTableConfigContext,
  useDataTableDataContext,
  useDataTableSelectedIdsContext,
  useGetRecordRepresentation,
  useRecordContext,
} from 'react-admin';

// react-admin 5.15's selection checkboxes are written for MUI 5-7: the row's aria-label sits on
// MUI's wrapper span, which MUI 9 does not forward (the input had no name), and the select-all
// one still passes the removed `inputProps` (a React warning). These parts replace both.

export const SELECT_ALL_LABEL = 'Select all';

/** 'Select #12', or the resource's own representation ('Select Ava'): rows told apart by ear. */
const selectLabel = (representation: ReactNode) =>
  `Select ${typeof representation === 'string' || typeof representation === 'number' ? representation : 'this row'}`;

/** The row's checkbox. A click, not a change, so that shift-click selects a range. */
const SelectRowCheckbox = () => {
  const { handleToggleItem, isRowSelectable } = useDataTableCallbacksContext();
  const selectedIds = useDataTableSelectedIdsContext();
  const record = useRecordContext();
  const represent = useGetRecordRepresentation();
  if (!record) return null;
  const selectable = !isRowSelectable || isRowSelectable(record);

  const toggle = (event: MouseEvent) => {
    if (!selectable || !handleToggleItem) return;
    handleToggleItem(record.id, event);
    event.stopPropagation();
  };

  return (
    <Checkbox
      color="primary"
      checked={selectable && Boolean(selectedIds?.includes(record.id))}
      disabled={!selectable}
      onClick={toggle}
      slotProps={{ input: { 'aria-label': selectLabel(represent(record)) } }}
    />
  );
};

/** Selects or clears every selectable row of the page shown, keeping selections elsewhere. */
const SelectPageCheckbox = () => {
  const data = useDataTableDataContext() as RaRecord[] | undefined;
  const { isRowSelectable, onSelect } = useDataTableCallbacksContext();
  const selectedIds = useDataTableSelectedIdsContext() ?? [];
  const pageIds = (data ?? []).map((record) => record.id);
  const selectableIds = (data ?? [])
    .filter((record) => !isRowSelectable || isRowSelectable(record))
    .map((record) => record.id);
  const chosen = selectableIds.filter((id) => selectedIds.includes(id)).length;
  const allSelected = selectableIds.length > 0 && chosen === selectableIds.length;

  const toggleAll = (event: ChangeEvent<HTMLInputElement>) => {
    if (!onSelect) return;
    const others = selectedIds.filter((id) => !pageIds.includes(id));
    onSelect(event.target.checked ? [...others, ...selectableIds] : others);
  };

  return (
    <Checkbox
      color="primary"
      checked={allSelected}
      indeterminate={chosen > 0 && !allSelected}
      disabled={selectableIds.length === 0}
      onChange={toggleAll}
      slotProps={{ input: { 'aria-label': SELECT_ALL_LABEL } }}
    />
  );
};

/** Renders `children` with react-admin's own checkbox cells turned off. */
const WithoutOwnCheckboxes = ({ children }: { children: ReactNode }) => {
  const config = useDataTableConfigContext();
  const value = useMemo(() => ({ ...config, hasBulkActions: false }), [config]);
  return (
    <DataTableConfigContext.Provider value={value}>{children}</DataTableConfigContext.Provider>
  );
};

/** True where react-admin would have drawn its checkbox cell. */
const useHasCheckboxes = () => {
  const { hasBulkActions } = useDataTableConfigContext();
  const { handleToggleItem } = useDataTableCallbacksContext();
  return hasBulkActions && Boolean(handleToggleItem);
};

const SelectableRow = ({ children, ...props }: TableRowProps) => {
  const hasCheckboxes = useHasCheckboxes();
  return (
    <WithoutOwnCheckboxes>
      <DataTableRow {...props}>
        {hasCheckboxes && (
          <TableCell padding="checkbox">
            <SelectRowCheckbox />
          </TableCell>
        )}
        {children}
      </DataTableRow>
    </WithoutOwnCheckboxes>
  );
};

/** A DataTable `body` whose row checkboxes are named 'Select this row'. */
export const SelectableTableBody = ({ children }: { children?: ReactNode }) => (
  <DataTableBody row={SelectableRow}>{children}</DataTableBody>
);

/** A DataTable `head` whose select-all checkbox is named 'Select all'. */
export const SelectableTableHead = ({ children }: { children?: ReactNode }) => {
  const hasCheckboxes = useHasCheckboxes();
  return (
    <WithoutOwnCheckboxes>
      <DataTableHead>
        {hasCheckboxes && (
          <TableCell padding="checkbox" variant="head">
            <SelectPageCheckbox />
          </TableCell>
        )}
        {children}
      </DataTableHead>
    </WithoutOwnCheckboxes>
  );
};
