import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  TextField,
} from '@mui/material';
import { type FormEvent, useId, useState } from 'react';
import { TEXT_MAX } from '../../../contract/limits';
import { errorMessage, fieldErrorsOf } from '../../apiErrors';
import {
  NEW_TYPE_VALUES,
  parseTypeForm,
  type TypeFormErrors,
  type TypeFormField,
  type TypeFormValues,
  valuesOf,
} from './typeForm';
import type { WithdrawalTypeRecord } from './types';
import { useSaveType } from './useWithdrawalTypes';

type TextFieldName = Exclude<TypeFormField, 'isActive'>;

const NOT_PROSE = { spellCheck: false, autoCapitalize: 'none' } as const;

/** Label, hint and input attributes of each text input, in the form's order. */
const INPUTS: readonly {
  name: TextFieldName;
  label: string;
  hint?: string;
  type?: 'number';
  attributes?: Record<string, string | number | boolean>;
}[] = [
  {
    name: 'key',
    label: 'Key',
    hint: 'Unique key, e.g. paypal_10',
    attributes: { ...NOT_PROSE, maxLength: TEXT_MAX.withdrawalType.key },
  },
  { name: 'title', label: 'Title', attributes: { maxLength: TEXT_MAX.withdrawalType.title } },
  {
    name: 'rateUsdPerPoint',
    label: 'Rate (USD/pt)',
    type: 'number',
    attributes: { step: 0.0001, min: 0 },
  },
  { name: 'minPoints', label: 'Min Points', type: 'number', attributes: { step: 1, min: 1 } },
  { name: 'stock', label: 'Stock', type: 'number', attributes: { step: 1, min: 0 } },
  {
    name: 'fixedUsdAmount',
    label: 'Fixed USD',
    hint: 'Empty = dynamic (points × rate)',
    type: 'number',
    attributes: { step: 0.01, min: 0 },
  },
];

export interface TypeFormDialogProps {
  open: boolean;
  /** The type being edited; none for a new one. */
  editing?: WithdrawalTypeRecord;
  onClose: () => void;
}

/**
 * 'New withdrawal type' / 'Edit withdrawal type': the form in a modal. A failed save keeps the
 * modal open with everything typed, says 'Save failed' with the API's reason, and puts each
 * refused field's message under it. Cannot be dismissed while saving; a stray backdrop click
 * does not throw the typing away. Mount it anew (key) for each opening.
 */
export const TypeFormDialog = ({ open, editing, onClose }: TypeFormDialogProps) => {
  const titleId = useId();
  const [values, setValues] = useState<TypeFormValues>(() =>
    editing ? valuesOf(editing) : { ...NEW_TYPE_VALUES },
  );
  const [errors, setErrors] = useState<TypeFormErrors>({});
  const save = useSaveType(editing, onClose);

  const change = <F extends TypeFormField>(field: F, value: TypeFormValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = parseTypeForm(values);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    save.mutate(parsed.body, {
      onError: (error) => setErrors(fieldErrorsOf(error) ?? {}),
    });
  };

  const reason = save.isError ? errorMessage(save.error, '') : '';

  return (
    <Dialog
      open={open}
      onClose={(_event, why) => {
        if (!save.isPending && why !== 'backdropClick') onClose();
      }}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>
          {editing ? 'Edit withdrawal type' : 'New withdrawal type'}
        </DialogTitle>
        <DialogContent>
          {save.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              <AlertTitle sx={{ mb: reason ? 0.5 : 0 }}>Save failed</AlertTitle>
              {reason}
            </Alert>
          )}
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
              columnGap: 2,
              rowGap: 1,
              pt: 1,
            }}
          >
            {INPUTS.map(({ name, label, hint, type, attributes }, index) => (
              <TextField
                key={name}
                name={name}
                label={label}
                value={values[name]}
                onChange={(event) => change(name, event.target.value)}
                error={Boolean(errors[name])}
                // a space keeps rows aligned when a field has neither hint nor error
                helperText={errors[name] ?? hint ?? ' '}
                type={type ?? 'text'}
                slotProps={{
                  htmlInput: {
                    ...attributes,
                    // read-only rather than disabled: the focused field keeps its focus
                    readOnly: save.isPending,
                  },
                }}
                autoFocus={index === 0}
                fullWidth
              />
            ))}
          </Box>
          <FormControlLabel
            label="Active"
            control={
              <Checkbox
                name="isActive"
                checked={values.isActive}
                onChange={(event) => change('isActive', event.target.checked)}
                disabled={save.isPending}
              />
            }
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={save.isPending}
            startIcon={save.isPending ? <CircularProgress size={14} color="inherit" /> : undefined}
          >
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
