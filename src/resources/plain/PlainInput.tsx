import {
  BooleanInput,
  DateInput,
  DateTimeInput,
  NumberInput,
  ReferenceInput,
  required,
  SelectInput,
  TextInput,
} from 'react-admin';
import { fromDateInput, toDateInput, toDateTimeInput } from './dates';
import { type Field, REFERENCE_CHOICES, requiredMessage } from './spec';

const booleanChoices = ([yes, no]: readonly [string, string]) => [
  { id: true, name: yes },
  { id: false, name: no },
];

/**
 * The react-admin input of a field on the Create and Edit screens. `checkedByContract`: the
 * form checks with the contract's schema, so a text longer than its limit is refused in the
 * contract's words rather than cut to it.
 */
export const PlainInput = ({
  field,
  checkedByContract = false,
}: {
  field: Field;
  checkedByContract?: boolean;
}) => {
  const { source, label, helperText } = field;
  // with the contract, the form's resolver checks; the input only shows the field is required
  const validate =
    field.required && !checkedByContract ? required(requiredMessage(field)) : undefined;
  const common = { source, label, validate, helperText, isRequired: Boolean(field.required) };
  switch (field.kind) {
    case 'number':
    case 'money':
      return <NumberInput {...common} min={field.min} step={field.step} />;
    case 'boolean':
      return field.words ? (
        <SelectInput {...common} choices={booleanChoices(field.words)} />
      ) : (
        <BooleanInput {...common} />
      );
    case 'date':
      return <DateInput {...common} format={toDateInput} parse={fromDateInput} />;
    case 'datetime':
      return <DateTimeInput {...common} format={toDateTimeInput} parse={fromDateInput} />;
    case 'select':
      return <SelectInput {...common} choices={[...(field.choices ?? [])]} />;
    case 'reference':
      return (
        <ReferenceInput source={source} reference={field.reference ?? ''} {...REFERENCE_CHOICES}>
          <SelectInput label={label} validate={validate} helperText={helperText} />
        </ReferenceInput>
      );
    default:
      return checkedByContract ? (
        <TextInput {...common} />
      ) : (
        <TextInput {...common} slotProps={{ htmlInput: { maxLength: field.maxLength } }} />
      );
  }
};
