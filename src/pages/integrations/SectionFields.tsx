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
import { useController } from 'react-hook-form';
import { TEXT_MAX } from '../../../contract/limits';
import { formGridSx } from '../../components/formGridSx';
import { SectionCard } from '../../components/SectionCard';
import { useSettingsState } from '../../components/settings/SettingsEdit';
import { fieldName, type Section } from './integrationsForm';

/** The API's longest text for a field of a group (contract/limits.ts). */
const textMax = (group: keyof typeof TEXT_MAX, name: string): number | undefined =>
  (TEXT_MAX[group] as Record<string, number>)[name];

export interface SectionFieldsProps {
  section: Section<'onesignal'> | Section<'unityAds'>;
}

/** A Yes/No (On/Off) choice as two radio buttons under its label. */
const FlagField = ({
  name,
  label,
  choices,
  disabled,
}: {
  name: string;
  label: string;
  choices: readonly [string, string];
  disabled: boolean;
}) => {
  const labelId = useId();
  const { field, fieldState } = useController({ name });
  const error = fieldState.error?.message;
  return (
    <FormControl error={Boolean(error)} disabled={disabled}>
      <FormLabel id={labelId}>{label}</FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        value={field.value === true ? 'true' : 'false'}
        onChange={(event) => field.onChange(event.target.value === 'true')}
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

/** A text input with the API's message under it, or its hint. */
const TextInput = ({
  name,
  label,
  hint,
  maxLength,
  disabled,
}: {
  name: string;
  label: string;
  hint?: string;
  maxLength?: number;
  disabled: boolean;
}) => {
  const { field, fieldState } = useController({ name });
  const error = fieldState.error?.message;
  return (
    <TextField
      name={name}
      label={label}
      value={String(field.value ?? '')}
      inputRef={field.ref}
      onBlur={field.onBlur}
      onChange={(event) => field.onChange(event.target.value)}
      error={Boolean(error)}
      // a space keeps the rows aligned when a field has neither hint nor error
      helperText={error ?? hint ?? ' '}
      slotProps={{ htmlInput: { ...NOT_PROSE, maxLength, readOnly: disabled } }}
      fullWidth
    />
  );
};

/**
 * One group of the form: its choices, then its text inputs, each with the API's message; all
 * read-only while saving and for an admin who may only read.
 */
export const SectionFields = ({ section }: SectionFieldsProps) => {
  const { saving, mayWrite } = useSettingsState();
  const disabled = saving || !mayWrite;
  return (
    <SectionCard title={section.title}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 4, rowGap: 1, mb: 1 }}>
        {section.flags.map((flag) => (
          <FlagField
            key={flag.name}
            name={fieldName(section.group, flag.name)}
            label={flag.label}
            choices={flag.choices}
            disabled={disabled}
          />
        ))}
      </Box>
      <Box sx={formGridSx}>
        {section.texts.map((input) => (
          <TextInput
            key={input.name}
            name={fieldName(section.group, input.name)}
            label={input.label}
            hint={input.hint}
            maxLength={textMax(section.group, input.name)}
            disabled={disabled}
          />
        ))}
      </Box>
    </SectionCard>
  );
};
