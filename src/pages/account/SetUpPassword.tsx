import { Box, Typography } from '@mui/material';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { CURRENT_PASSWORD_INCORRECT } from '../../../contract/account';
import type { TwoStepSetup } from '../../../contract/two-step';
import { statusOf } from '../../apiErrors';
import type { Failure } from '../../components/ErrorAlert';
import { ErrorAlert } from '../../components/ErrorAlert';
import type { AppDataProvider } from '../../dataProvider';
import { CURRENT_PASSWORD_MISSING, CurrentPasswordField } from './CurrentPasswordField';
import { refusalOf } from './refusal';
import { SubmitOrCancel } from './SubmitOrCancel';

/**
 * The first step of setting up two-step sign-in: the current password, before the QR code
 * (`onStarted` gets the new secret). `onConflict` gets the reason when the set-up cannot start
 * (409: turned on meanwhile, in another tab); other refusals (429) show above the field.
 */
export const SetUpPassword = ({
  onStarted,
  onCancel,
  onConflict,
}: {
  onStarted: (setup: TwoStepSetup) => void;
  onCancel: () => void;
  onConflict: (failure: Failure) => void;
}) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const headingId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<Failure>();
  const [busy, setBusy] = useState(false);

  useEffect(() => input.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(undefined);
    if (!password) {
      setError(CURRENT_PASSWORD_MISSING);
      input.current?.focus();
      return;
    }
    setBusy(true);
    try {
      onStarted(await dataProvider.setUpTwoStep(password));
    } catch (failed) {
      setBusy(false);
      const refusal = refusalOf(
        failed,
        'wrong_password',
        CURRENT_PASSWORD_INCORRECT,
        'Error starting the set-up',
      );
      if ('field' in refusal) {
        setError(refusal.field);
        input.current?.focus();
      } else if (statusOf(failed) === 409) onConflict(refusal.failure);
      else setFailure(refusal.failure);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      aria-labelledby={headingId}
      aria-busy={busy}
      onSubmit={submit}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Typography id={headingId} component="h3" variant="subtitle1">
        Confirm it is you
      </Typography>
      <Typography color="text.secondary">
        Enter your current password to set up two-step sign-in.
      </Typography>
      {failure && <ErrorAlert {...failure} />}
      <CurrentPasswordField
        value={password}
        error={error}
        disabled={busy}
        inputRef={input}
        onChange={(value) => {
          setPassword(value);
          setError(undefined);
        }}
      />
      <SubmitOrCancel busy={busy} label="Continue" busyLabel="Checking…" onCancel={onCancel} />
    </Box>
  );
};
