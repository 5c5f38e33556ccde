import {
  Alert,
  Box,
  Button,
  CircularProgress,
  InputAdornment,
  TextField,
  Typography,
} from '@mui/material';
import { createContext, type ReactNode, useContext, useId } from 'react';
import type { RaRecord } from 'react-admin';
import { useAllowed } from '../../access/useAllowed';
import { WarnWhenUnsavedChanges } from '../../components/WarnWhenUnsavedChanges';
import { type AnySpec, type Field, messagesOf } from './spec';
import { type InlineFormOptions, type InlineFormState, useInlineForm } from './useInlineForm';
import { formFieldsOf, savedAsOf } from './values';

interface FieldsContextValue {
  form: InlineFormState;
  /** No input can be used (e.g. no category selected yet). */
  disabled: boolean;
}

const FieldsContext = createContext<FieldsContextValue | null>(null);

const useField = (name: string) => {
  const context = useContext(FieldsContext);
  if (!context) throw new Error('A form field must be inside <FormFrame>');
  const { form, disabled } = context;
  const error = form.errors[name];
  return {
    field: {
      name,
      value: form.values[name] ?? '',
      disabled,
      error: error !== undefined,
      onChange: (event: { target: { value: string } }) => form.setValue(name, event.target.value),
    },
    errorText: error,
    saving: form.saving,
  };
};

/** Half a row on wide panels, a whole one when space runs out. */
const FIELD_SX = { flex: '1 1 180px', minWidth: 0 } as const;

interface FormInputProps {
  name: string;
  label: string;
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
  required,
  helperText,
  number,
  maxLength,
  wide,
  startAdornment,
  savedAs,
}: FormInputProps) => {
  const { field, errorText, saving } = useField(name);
  return (
    <TextField
      {...field}
      size="small"
      margin="none"
      label={label}
      required={required}
      type={number ? 'number' : 'text'}
      autoComplete="off"
      helperText={errorText ?? savedAs?.(field.value) ?? helperText}
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
  choices,
}: {
  name: string;
  label: string;
  choices: readonly { value: string; label: string }[];
}) => {
  const { field, errorText, saving } = useField(name);
  return (
    <TextField
      {...field}
      disabled={field.disabled || saving}
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

interface FrameProps {
  form: InlineFormState;
  /** What it saves, e.g. 'category': the heading (its name) is 'New category' or 'Edit category'. */
  what: string;
  /** Leaves an edit (the Cancel shown while editing). */
  onCancel: () => void;
  /** Every control disabled (e.g. no category selected yet). */
  disabled?: boolean;
  /** Shown under the heading, e.g. what the admin must do first. */
  hint?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of an inline form: a heading, the form's message (an alert), the fields, then
 * 'Create', or 'Save' and 'Cancel' while editing.
 */
const FormFrame = ({ form, what, onCancel, disabled = false, hint, children }: FrameProps) => {
  const titleId = useId();
  const locked = disabled || form.saving;
  return (
    <Box
      component="form"
      noValidate
      aria-labelledby={titleId}
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit();
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Typography id={titleId} component="h4" variant="subtitle1" sx={{ fontWeight: 500 }}>
        {form.editing ? `Edit ${what}` : `New ${what}`}
      </Typography>
      {hint}
      {form.message && <Alert severity="error">{form.message}</Alert>}
      <WarnWhenUnsavedChanges dirty={form.dirty} />
      <FieldsContext.Provider value={{ form, disabled }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, pt: 0.5 }}>{children}</Box>
      </FieldsContext.Provider>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button
          type="submit"
          variant="contained"
          disabled={locked}
          startIcon={form.saving ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {form.editing ? 'Save' : 'Create'}
        </Button>
        {form.editing && (
          <Button onClick={onCancel} disabled={form.saving}>
            Cancel
          </Button>
        )}
      </Box>
    </Box>
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

/** The inputs of the spec's fields that the form edits (see formFieldsOf), in order. */
const SpecInputs = ({ spec }: { spec: AnySpec }) =>
  formFieldsOf(spec).map((field) =>
    field.kind === 'select' || field.kind === 'boolean' ? (
      <FormSelect
        key={field.source}
        name={field.source}
        label={field.label}
        choices={choicesOf(field)}
      />
    ) : (
      <FormInput
        key={field.source}
        name={field.source}
        label={field.label}
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

export interface InlineFormProps<R extends RaRecord> extends InlineFormOptions<R> {
  /** Leaves an edit (the Cancel shown while editing). */
  onCancel: () => void;
  /** Every control disabled (e.g. no category selected yet). */
  disabled?: boolean;
  /** Shown under the heading, e.g. what the admin must do first. */
  hint?: ReactNode;
}

/**
 * A resource's create/edit form inside a page (a panel of Game Offers), from its spec: 'New
 * category' or 'Edit category', the form's message, the fields, then 'Create', or 'Save' and
 * 'Cancel' while editing. Key it by the record edited.
 */
export const InlineForm = <R extends RaRecord>({
  onCancel,
  disabled,
  hint,
  ...options
}: InlineFormProps<R>) => {
  const form = useInlineForm(options);
  // a reader of the area gets the list alone
  if (!useAllowed('create', options.name).allowed) return null;
  return (
    <FormFrame
      form={form}
      what={messagesOf(options.name).record}
      onCancel={onCancel}
      disabled={disabled}
      hint={hint}
    >
      <SpecInputs spec={options.spec} />
    </FormFrame>
  );
};
