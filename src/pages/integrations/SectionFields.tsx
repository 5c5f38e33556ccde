import {
  Box,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { useId } from 'react';
import { TEXT_MAX } from '../../../contract/limits';
import type { FieldErrors } from '../../apiErrors';
import { formGridSx } from '../../components/formGridSx';
import { SectionCard } from '../../components/SectionCard';
import { fieldName, type Section } from './integrationsForm';

/** The API's longest text for a field of a group (contract/limits.ts). */
const textMax = (group: keyof typeof TEXT_MAX, name: string): number | undefined =>
  (TEXT_MAX[group] as Record<string, number>)[name];

type GroupValues = Record<string, string | boolean>;

export interface SectionFieldsProps {
  section: Section<'onesignal'> | Section<'unityAds'>;
  values: GroupValues;
  errors: FieldErrors;
  disabled: boolean;
  onChange: (name: string, value: string | boolean) => void;
}

/** A Yes/No (On/Off) choice as two radio buttons under its label. */
const FlagField = ({
  label,
  choices,
  value,
  error,
  disabled,
  onChange,
}: {
  label: string;
  choices: readonly [string, string];
  value: boolean;
  error?: string;
  disabled: boolean;
  onChange: (value: boolean) => void;
}) => {
  const labelId = useId();
  return (
    <FormControl error={Boolean(error)} disabled={disabled}>
      <FormLabel id={labelId}>{label}</FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        value={value ? 'true' : 'false'}
        onChange={(event) => onChange(event.target.value === 'true')}
      >
        <FormControlLabel value="true" control={<Radio />} label={choices[0]} />
        <FormControlLabel value="false" control={<Radio />} label={choices[1]} />
      </RadioGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
};

// Ids and keys, not prose: no spell check, no capitals, no autofill from saved passwords.
const NOT_PROSE = { spellCheck: false, autoCapitalize: 'none', autoComplete: 'off' } as const;

/** One group of the form: its choices, then its text inputs, each with the API's message. */
export const SectionFields = ({
  section,
  values,
  errors,
  disabled,
  onChange,
}: SectionFieldsProps) => (
  <SectionCard title={section.title}>
    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 4, rowGap: 1, mb: 1 }}>
      {section.flags.map((flag) => (
        <FlagField
          key={flag.name}
          label={flag.label}
          choices={flag.choices}
          value={values[flag.name] === true}
          error={errors[fieldName(section.group, flag.name)]}
          disabled={disabled}
          onChange={(value) => onChange(flag.name, value)}
        />
      ))}
    </Box>
    <Box sx={formGridSx}>
      {section.texts.map((input) => {
        const name = fieldName(section.group, input.name);
        const error = errors[name];
        return (
          <TextField
            key={input.name}
            name={name}
            label={input.label}
            value={String(values[input.name] ?? '')}
            onChange={(event) => onChange(input.name, event.target.value)}
            error={Boolean(error)}
            // a space keeps the rows aligned when a field has neither hint nor error
            helperText={error ?? input.hint ?? ' '}
            slotProps={{
              htmlInput: {
                ...NOT_PROSE,
                maxLength: textMax(section.group, input.name),
                readOnly: disabled,
              },
            }}
            fullWidth
          />
        );
      })}
    </Box>
  </SectionCard>
);
