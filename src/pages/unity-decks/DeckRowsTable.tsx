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
import type { FieldErrors, UseFormClearErrors, UseFormRegister } from 'react-hook-form';
import type { DeckForm, DeckFormRow } from './deckForm';
import type { RowField } from './deckRows';

type RowErrors = FieldErrors<DeckFormRow>;

export interface DeckRowsTableProps {
  /** useFieldArray's fields: `key` keeps React's key stable. */
  fields: { key: string }[];
  errors: FieldErrors<DeckForm>['rows'];
  disabled: boolean;
  register: UseFormRegister<DeckForm>;
  clearErrors: UseFormClearErrors<DeckForm>;
  onRemove: (position: number) => void;
}

interface LineProps extends Omit<DeckRowsTableProps, 'fields' | 'errors'> {
  /** 0-based; the fields' names say it 1-based. */
  position: number;
  errors: RowErrors | undefined;
}

// One row re-renders only when its own errors change (the inputs keep their text): a deck may
// hold 500.
const Line = memo(({ position, errors, disabled, register, clearErrors, onRemove }: LineProps) => {
  const field = (name: RowField, label: string, step: string) => {
    const path = `rows.${position}.${name}` as const;
    // a field's message goes as soon as it is typed in
    const { ref, ...bound } = register(path, { onChange: () => clearErrors(path) });
    const message = errors?.[name]?.message;
    return (
      <TextField
        {...bound}
        inputRef={ref}
        type="number"
        size="small"
        error={Boolean(message)}
        helperText={message}
        disabled={disabled}
        slotProps={{
          htmlInput: { 'aria-label': `${label} of row ${position + 1}`, min: 0, step },
        }}
        sx={{ width: '100%', minWidth: 90 }}
      />
    );
  };
  return (
    <TableRow>
      <TableCell>{field('index', 'Index', '1')}</TableCell>
      <TableCell>{field('amount', 'Amount', 'any')}</TableCell>
      <TableCell padding="checkbox" align="center">
        <IconButton
          aria-label={`Remove row ${position + 1}`}
          onClick={() => onRemove(position)}
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
export const DeckRowsTable = ({ fields, errors, ...actions }: DeckRowsTableProps) => (
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
        {fields.map((row, i) => (
          <Line key={row.key} position={i} errors={errors?.[i]} {...actions} />
        ))}
      </TableBody>
    </Table>
  </TableContainer>
);
