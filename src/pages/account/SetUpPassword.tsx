import { Box, Typography } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { z } from 'zod';
import { CURRENT_PASSWORD_INCORRECT } from '../../../contract/account';
import type { TwoStepSetup } from '../../../contract/two-step';
import { statusOf } from '../../apiErrors';
import type { Failure } from '../../components/ErrorAlert';
import { ErrorAlert } from '../../components/ErrorAlert';
import { useAccountAction } from './accountActions';
import { useAccountForm } from './accountForm';
import { CurrentPasswordField, currentPassword } from './CurrentPasswordField';
import { refusalOf } from './refusal';
import { SubmitOrCancel } from './SubmitOrCancel';

const Confirm = z.object({ currentPassword });

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
  const headingId = useId();
  const form = useAccountForm(Confirm, { currentPassword: '' });
  const start = useAccountAction((dataProvider, password: string) =>
    dataProvider.setUpTwoStep(password),
  );
  const [failure, setFailure] = useState<Failure>();
  const busy = start.isPending;
  const { setFocus, setError } = form;

  useEffect(() => setFocus('currentPassword'), [setFocus]);

  const submit = async (values: z.infer<typeof Confirm>) => {
    if (busy) return;
    setFailure(undefined);
    try {
      onStarted(await start.mutateAsync(values.currentPassword));
    } catch (failed) {
      const refusal = refusalOf(
        failed,
        'wrong_password',
        CURRENT_PASSWORD_INCORRECT,
        'Error starting the set-up',
      );
      if ('field' in refusal) {
        setError('currentPassword', { message: refusal.field }, { shouldFocus: true });
      } else if (statusOf(failed) === 409) onConflict(refusal.failure);
      else setFailure(refusal.failure);
    }
  };

  return (
    <FormProvider {...form}>
      <Box
        component="form"
        noValidate
        aria-labelledby={headingId}
        aria-busy={busy}
        onSubmit={form.handleSubmit(submit)}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <Typography id={headingId} component="h3" variant="subtitle1">
          Confirm it is you
        </Typography>
        <Typography color="text.secondary">
          Enter your current password to set up two-step sign-in.
        </Typography>
        {failure && <ErrorAlert {...failure} />}
        <CurrentPasswordField disabled={busy} />
        <SubmitOrCancel busy={busy} label="Continue" busyLabel="Checking…" onCancel={onCancel} />
      </Box>
    </FormProvider>
  );
};
