import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import {
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { memo } from 'react';
import type { FieldErrors } from 'react-hook-form';
import type { DeckForm } from './deckForm';
import type { DeckRow, RowField } from './deckRows';

type RowErrors = FieldErrors<DeckForm>['rows'];

export interface DeckRowsTableProps {
  rows: DeckRow[];
  /** The form's messages by row position, then field. */
  errors: RowErrors;
  disabled: boolean;
  onChange: (id: number, field: RowField, value: string) => void;
  onRemove: (id: number) => void;
}

interface LineProps extends Omit<DeckRowsTableProps, 'rows' | 'errors'> {
  row: DeckRow;
  /** 1-based, for the fields' names. */
  position: number;
  errors: NonNullable<RowErrors>[number] | undefined;
}

// One row re-renders only when its own values or errors change: a deck may hold 500.
const Line = memo(({ row, position, errors, disabled, onChange, onRemove }: LineProps) => {
  const field = (name: RowField, label: string, step: string) => (
    <TextField
      type="number"
      size="small"
      value={row[name]}
      onChange={(event) => onChange(row.id, name, event.target.value)}
      error={Boolean(errors?.[name])}
      helperText={errors?.[name]?.message}
      disabled={disabled}
      slotProps={{ htmlInput: { 'aria-label': `${label} of row ${position}`, min: 0, step } }}
      sx={{ width: '100%', minWidth: 90 }}
    />
  );
  return (
    <TableRow>
      <TableCell>{field('index', 'Index', '1')}</TableCell>
      <TableCell>{field('amount', 'Amount', 'any')}</TableCell>
      <TableCell padding="checkbox" align="center">
        <IconButton
          aria-label={`Remove row ${position}`}
          onClick={() => onRemove(row.id)}
          disabled={disabled}
          size="small"
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      </TableCell>
    </TableRow>
  );
});

/** The deck's rows: Index, Amount and Remove, each field editable in place. */
export const DeckRowsTable = ({ rows, errors, ...actions }: DeckRowsTableProps) => (
  <TableContainer>
    <Table size="small" aria-label="Cards">
      <TableHead>
        <TableRow>
          <TableCell>Index</TableCell>
          <TableCell>Amount</TableCell>
          <TableCell padding="checkbox" align="center">
            Remove
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, i) => (
          <Line key={row.id} row={row} position={i + 1} errors={errors?.[i]} {...actions} />
        ))}
      </TableBody>
    </Table>
  </TableContainer>
);
