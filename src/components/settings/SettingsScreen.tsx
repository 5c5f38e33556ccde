import { Box, InputAdornment, TextField, type TextFieldProps, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useRef } from 'react';
import { Title } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { DisabledUnlessAllowed } from '../../access/Allowed';
import { useAllowed } from '../../access/useAllowed';
import { errorMessage } from '../../apiErrors';
import { formatDateTime } from '../../format';
import { ErrorAlert } from '../ErrorAlert';
import { LoadingBox } from '../LoadingBox';
import { SaveButton } from '../SaveButton';
import { SectionCard } from '../SectionCard';
import { SidePanels } from '../SidePanels';
import { WarnWhenUnsavedChanges } from '../WarnWhenUnsavedChanges';
import type { SettingsFormState } from './useSettingsForm';

/**
 * A settings page: its title in the top bar, then 'Loading {what}…', a failed load with Retry,
 * or `children` with the loaded value.
 */
export const SettingsScreen = <T,>({
  title,
  what,
  query,
  children,
}: {
  title: string;
  /** What loads, e.g. 'daily rewards': 'Loading daily rewards…', 'Error loading daily rewards'. */
  what: string;
  query: UseQueryResult<T>;
  children: (loaded: T) => ReactNode;
}) => {
  let body: ReactNode;
  if (query.data !== undefined) body = children(query.data);
  else if (query.isError)
    body = (
      <ErrorAlert
        title={`Error loading ${what}`}
        reason={errorMessage(query.error, '')}
        onRetry={() => void query.refetch()}
      />
    );
  else body = <LoadingBox>{`Loading ${what}…`}</LoadingBox>;
  return (
    <>
      <Title title={title} />
      {body}
    </>
  );
};

const LastUpdated = ({ updatedAt }: { updatedAt: string | null }) => (
  <Typography variant="body2" color="text.secondary">
    {updatedAt ? `Last updated: ${formatDateTime(updatedAt)}` : 'Never saved: showing the defaults'}
  </Typography>
);

/** Whether the admin may only read the form: its fields are read-only. */
const ReadOnly = createContext(false);

/**
 * The form card (its fields, what went wrong, the last-updated time and 'Save changes') beside
 * the preview card; stacked under 980 px. While a save runs the button is disabled and spins.
 * An admin who may not change the page (its area's write) gets read-only fields and a disabled
 * Save saying which permission is missing.
 */
export const SettingsForm = ({
  title,
  state,
  preview,
  children,
}: {
  /** The form card's heading. */
  title: string;
  state: Pick<
    SettingsFormState<unknown>,
    'refusals' | 'failure' | 'saving' | 'updatedAt' | 'dirty' | 'submit'
  >;
  preview: ReactNode;
  children: ReactNode;
}) => {
  const formRef = useRef<HTMLFormElement>(null);
  const { refusals, failure, saving } = state;
  // the page's own path names it to the access check (its route, as App.tsx declares it)
  const page = useLocation().pathname;
  const mayWrite = useAllowed('edit', page).allowed;
  // After the client checks refuse a save, the first field they name takes the focus.
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  return (
    <SidePanels columns="minmax(0, 3fr) minmax(0, 2fr)">
      <WarnWhenUnsavedChanges dirty={state.dirty} />
      <SectionCard title={title}>
        <Box
          component="form"
          ref={formRef}
          noValidate
          aria-label={title}
          aria-busy={saving}
          onSubmit={(event) => {
            event.preventDefault();
            if (mayWrite) void state.submit();
          }}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
        >
          {failure && <ErrorAlert {...failure} />}
          <ReadOnly.Provider value={!mayWrite}>{children}</ReadOnly.Provider>
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: 2,
            }}
          >
            <LastUpdated updatedAt={state.updatedAt} />
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

export type SettingsFieldProps = Omit<TextFieldProps, 'error' | 'onChange'> & {
  /** This field's message: shown under it, in place of the hint. */
  error: string | undefined;
  hint?: string;
  saving: boolean;
  onChange: (value: string) => void;
  /** Attributes of the input element (maxLength, min, step). */
  input?: Record<string, string | number>;
  /** A unit after the value, e.g. 'pts'. */
  unit?: string;
};

/** One input of a settings form: read-only while saving, so the focused field keeps the focus. */
export const SettingsField = ({
  error,
  hint,
  saving,
  onChange,
  input,
  unit,
  ...props
}: SettingsFieldProps) => {
  const readOnly = useContext(ReadOnly);
  return (
    <TextField
      {...props}
      size="small"
      fullWidth
      autoComplete="off"
      error={error !== undefined}
      helperText={error ?? hint}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        htmlInput: { ...input, readOnly: saving || readOnly },
        // a switched-off field's hint says what it is for: readable, not greyed out
        formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } },
        input: unit
          ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> }
          : undefined,
      }}
    />
  );
};
