import { Alert, AlertTitle, Box } from '@mui/material';
import { type ReactNode, useMemo } from 'react';
import { Form, type FormProps, NumberInput, TextInput, useSaveContext } from 'react-admin';
import { TEXT_MAX } from '../../../contract/limits';
import { errorMessage, fieldErrorsOf } from '../../apiErrors';
import { formGridSx } from '../../components/formGridSx';
import { ServerFieldErrors } from '../../components/ServerFieldErrors';
import { CheckboxInput } from './CheckboxInput';
import { NEW_TYPE_VALUES, typeResolver } from './typeForm';

const NOT_PROSE = { spellCheck: false, autoCapitalize: 'none' } as const;

/** Number inputs: the spec's steps (section 9), never below 0 by the arrows. */
const NUMBERS = [
  { source: 'rateUsdPerPoint', label: 'Rate (USD/pt)', step: 0.0001, min: 0 },
  { source: 'minPoints', label: 'Min Points', step: 1, min: 1 },
  { source: 'stock', label: 'Stock', step: 1, min: 0 },
  {
    source: 'fixedUsdAmount',
    label: 'Fixed USD',
    step: 0.01,
    min: 0,
    helperText: 'Empty = dynamic (points × rate)',
  },
] as const;

// Text stays text: an emptied field is sent as '' for the API to name, not as null.
const asTyped = (value: string) => value;

/** The inputs of a withdrawal type, in the form's order: read-only while a save runs. */
const TypeInputs = () => {
  // read-only rather than disabled: the focused input keeps its focus
  const { saving: readOnly = false } = useSaveContext();
  return (
    <>
      <Box sx={{ ...formGridSx, pt: 1 }}>
        <TextInput
          source="key"
          label="Key"
          helperText="Unique key, e.g. paypal_10"
          parse={asTyped}
          readOnly={readOnly}
          autoFocus
          slotProps={{ htmlInput: { ...NOT_PROSE, maxLength: TEXT_MAX.withdrawalType.key } }}
        />
        <TextInput
          source="title"
          label="Title"
          parse={asTyped}
          readOnly={readOnly}
          slotProps={{ htmlInput: { maxLength: TEXT_MAX.withdrawalType.title } }}
        />
        {NUMBERS.map(({ source, label, step, min, ...rest }) => (
          <NumberInput
            key={source}
            source={source}
            label={label}
            step={step}
            min={min}
            readOnly={readOnly}
            {...rest}
          />
        ))}
      </Box>
      <CheckboxInput source="isActive" label="Active" readOnly={readOnly} />
    </>
  );
};

/** 'Save failed' with the API's reason, and each refused field's message under that field. */
const SaveFailure = ({ error }: { error: unknown }) => {
  const fields = useMemo(() => fieldErrorsOf(error), [error]);
  if (!error) return null;
  const reason = errorMessage(error, '');
  return (
    <>
      <Alert severity="error" sx={{ mb: 2 }}>
        <AlertTitle sx={{ mb: reason ? 0.5 : 0 }}>Save failed</AlertTitle>
        {reason}
      </Alert>
      <ServerFieldErrors errors={fields} />
    </>
  );
};

export interface TypeFormProps extends Omit<FormProps, 'children'> {
  /** The last save's failure, if it failed. */
  failure?: unknown;
  /** Wraps the inputs (a dialog's content) ahead of the actions. */
  frame?: (inputs: ReactNode) => ReactNode;
  actions: ReactNode;
}

/**
 * The withdrawal type form of the types page's modal and of the Create and Edit screens, saving
 * through the enclosing save context (EditBase, CreateBase): the contract's checks
 * (typeResolver), the record or the spec's defaults for a new type, and a failed save's
 * 'Save failed' with the fields the API refused.
 */
export const TypeForm = ({
  failure,
  frame = (inputs) => inputs,
  actions,
  ...props
}: TypeFormProps) => (
  <Form resolver={typeResolver} defaultValues={NEW_TYPE_VALUES} noValidate {...props}>
    {frame(
      <>
        <SaveFailure error={failure} />
        <TypeInputs />
      </>,
    )}
    {actions}
  </Form>
);
