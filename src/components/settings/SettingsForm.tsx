import { Box, InputAdornment, TextField, type TextFieldProps, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { useLocation } from 'react-router-dom';
import { DisabledUnlessAllowed } from '../../access/Allowed';
import { formatDateTime } from '../../format';
import { ErrorAlert } from '../ErrorAlert';
import { SaveButton } from '../SaveButton';
import { SectionCard } from '../SectionCard';
import { SidePanels } from '../SidePanels';
import { useSettingsState } from './SettingsEdit';

const LastUpdated = ({ updatedAt }: { updatedAt: string | null }) => (
  <Typography variant="body2" color="text.secondary">
    {updatedAt ? `Last updated: ${formatDateTime(updatedAt)}` : 'Never saved: showing the defaults'}
  </Typography>
);

/** The form's values as they are now, for a preview of them. */
export const Watched = <F,>({ children }: { children: (form: F) => ReactNode }) => (
  <>{children(useWatch() as F)}</>
);

/** What went wrong with the last save, above the fields. */
export const SaveFailure = () => {
  const { failure } = useSettingsState();
  return failure ? <ErrorAlert {...failure} /> : null;
};

/**
 * The form card (its fields, what went wrong, the last-updated time and 'Save changes') beside
 * the preview card; stacked under 980 px. While a save runs the button is disabled and spins.
 * An admin who may not change the page (its area's write) gets read-only fields and a disabled
 * Save saying which permission is missing.
 */
export const SettingsForm = ({
  title,
  preview,
  children,
}: {
  /** The form card's heading. */
  title: string;
  preview: ReactNode;
  children: ReactNode;
}) => {
  const { saving, updatedAt } = useSettingsState();
  const page = useLocation().pathname;
  return (
    <SidePanels columns="minmax(0, 3fr) minmax(0, 2fr)">
      <SectionCard title={title}>
        <Box
          role="group"
          aria-label={title}
          aria-busy={saving}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
        >
          <SaveFailure />
          {children}
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: 2,
            }}
          >
            <LastUpdated updatedAt={updatedAt} />
            <DisabledUnlessAllowed action="edit" resource={page}>
              <SaveButton saving={saving} />
            </DisabledUnlessAllowed>
          </Box>
        </Box>
      </SectionCard>
      <SectionCard title="Preview">{preview}</SectionCard>
    </SidePanels>
  );
};

export type SettingsFieldProps = Omit<TextFieldProps, 'error' | 'onChange' | 'name' | 'value'> & {
  /** The form value it edits ('labels.3'). */
  name: string;
  /** Said under it while it has no message; from the value as typed when a function. */
  hint?: string | ((typed: string) => string | undefined);
  /** Attributes of the input element (maxLength, min, step). */
  input?: Record<string, string | number>;
  /** A unit after the value, e.g. 'pts'. */
  unit?: string;
};

/**
 * One input of a settings form: its message (the client checks' or the API's) in place of the
 * hint; read-only while saving, so the focused field keeps the focus, and for a reader.
 */
export const SettingsField = ({ name, hint, input, unit, ...props }: SettingsFieldProps) => {
  const { saving, mayWrite } = useSettingsState();
  const { field, fieldState } = useController({ name });
  const value = String(field.value ?? '');
  const error = fieldState.error?.message;
  return (
    <TextField
      {...props}
      name={field.name}
      value={value}
      inputRef={field.ref}
      onBlur={field.onBlur}
      onChange={(event) => field.onChange(event.target.value)}
      size="small"
      fullWidth
      autoComplete="off"
      error={error !== undefined}
      helperText={error ?? (typeof hint === 'function' ? hint(value) : hint)}
      slotProps={{
        htmlInput: { ...input, readOnly: saving || !mayWrite },
        // a switched-off field's hint says what it is for: readable, not greyed out
        formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } },
        input: unit
          ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> }
          : undefined,
      }}
    />
  );
};
