import { InputAdornment, TextField } from '@mui/material';
import type { ReactNode } from 'react';
import { useInput, useSaveContext } from 'react-admin';
import type { AnySpec, Field } from './spec';
import { formFieldsOf, savedAsOf } from './values';

/** Half a row on wide panels, a whole one when space runs out. */
const FIELD_SX = { flex: '1 1 180px', minWidth: 0 } as const;

/**
 * One field of the enclosing react-admin form, as its input shows it: the value as typed (the
 * save's transform makes the body), its error, and whether a save runs.
 */
const useField = (name: string) => {
  const { field, fieldState } = useInput({ source: name });
  const saving = useSaveContext().saving === true;
  return { field, errorText: fieldState.error?.message, saving };
};

interface FormInputProps {
  name: string;
  label: string;
  disabled: boolean;
  required?: boolean;
  helperText?: string;
  /** A number input: min and step go to the input (the spec's `min 0`). */
  number?: { min?: number; step?: number };
  /** The API's longest text for the field (contract/limits.ts). */
  maxLength?: number;
  /** Takes the whole row. */
  wide?: boolean;
  startAdornment?: ReactNode;
  /** What the typed value will be saved as, when the form changes it: shown in place of the hint. */
  savedAs?: (typed: string) => string | undefined;
}

/** A text or number input bound to one field of the enclosing form, with its error. */
const FormInput = ({
  name,
  label,
  disabled,
  required,
  helperText,
  number,
  maxLength,
  wide,
  startAdornment,
  savedAs,
}: FormInputProps) => {
  const { field, errorText, saving } = useField(name);
  const value = String(field.value ?? '');
  return (
    <TextField
      name={field.name}
      value={value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={disabled}
      error={errorText !== undefined}
      size="small"
      margin="none"
      label={label}
      required={required}
      type={number ? 'number' : 'text'}
      autoComplete="off"
      helperText={errorText ?? savedAs?.(value) ?? helperText}
      sx={wide ? { flex: '1 1 100%' } : FIELD_SX}
      slotProps={{
        // read-only rather than disabled while saving: the field pressed Enter in keeps the focus
        htmlInput: { min: number?.min, step: number?.step, maxLength, readOnly: saving },
        input: startAdornment ? { startAdornment } : undefined,
      }}
    />
  );
};

/** A native select bound to one field of the enclosing form (e.g. Active/Inactive). */
const FormSelect = ({
  name,
  label,
  disabled,
  choices,
}: {
  name: string;
  label: string;
  disabled: boolean;
  choices: readonly { value: string; label: string }[];
}) => {
  const { field, errorText, saving } = useField(name);
  return (
    <TextField
      name={field.name}
      value={String(field.value ?? '')}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={disabled || saving}
      error={errorText !== undefined}
      select
      size="small"
      margin="none"
      label={label}
      helperText={errorText}
      sx={FIELD_SX}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </TextField>
  );
};

const choicesOf = (field: Field) => {
  if (field.kind !== 'boolean') {
    return (field.choices ?? []).map((choice) => ({ value: choice.id, label: choice.name }));
  }
  const [yes, no] = field.words ?? ['Yes', 'No'];
  return [
    { value: 'true', label: yes },
    { value: 'false', label: no },
  ];
};

/**
 * The inputs of the spec's fields that a panel's form edits (see formFieldsOf), in order, compact
 * and side by side: text and number inputs, and native selects (keys pick an option in place).
 */
export const PanelInputs = ({ spec, disabled }: { spec: AnySpec; disabled: boolean }) =>
  formFieldsOf(spec).map((field) =>
    field.kind === 'select' || field.kind === 'boolean' ? (
      <FormSelect
        key={field.source}
        name={field.source}
        label={field.label}
        disabled={disabled}
        choices={choicesOf(field)}
      />
    ) : (
      <FormInput
        key={field.source}
        name={field.source}
        label={field.label}
        disabled={disabled}
        required={field.required !== undefined}
        helperText={field.helperText}
        maxLength={field.maxLength}
        wide={field.kind === 'text'}
        number={
          field.kind === 'number' || field.kind === 'money'
            ? { min: field.min, step: field.step }
            : undefined
        }
        startAdornment={
          field.kind === 'money' ? <InputAdornment position="start">$</InputAdornment> : undefined
        }
        savedAs={savedAsOf(spec, field)}
      />
    ),
  );
