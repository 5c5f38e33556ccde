import { Box, Typography } from '@mui/material';
import { useEffect, useId, useRef, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { z } from 'zod';
import { INVALID_CODE, type TwoStepSetup } from '../../../contract/two-step';
import type { Failure } from '../../components/ErrorAlert';
import { ErrorAlert } from '../../components/ErrorAlert';
import { useAccountAction } from './accountActions';
import { useAccountForm } from './accountForm';
import { CodeField, code } from './CodeField';
import { CopyButton } from './CopyButton';
import { QrCode } from './QrCode';
import { refusalOf } from './refusal';
import { SubmitOrCancel } from './SubmitOrCancel';

/** 'JBSW Y3DP EHPK 3PXP': the key in groups of four, for reading and typing by hand. */
export const groupedKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

const TurnOn = z.object({ code });

/**
 * The set-up started: the QR code and the key for the authenticator app, then a code of the app
 * turns two-step sign-in on (`onEnabled` gets the recovery codes).
 */
export const TwoStepSetUp = ({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoStepSetup;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) => {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useAccountForm(TurnOn, { code: '' });
  const enable = useAccountAction((dataProvider, typed: string) =>
    dataProvider.enableTwoStep(typed),
  );
  const [failure, setFailure] = useState<Failure>();
  const busy = enable.isPending;

  // Where the set-up begins: what to do first is read from here.
  useEffect(() => heading.current?.focus(), []);

  const submit = async (values: z.infer<typeof TurnOn>) => {
    if (busy) return;
    setFailure(undefined);
    try {
      onEnabled((await enable.mutateAsync(values.code)).recoveryCodes);
    } catch (failed) {
      const refusal = refusalOf(failed, 'invalid_code', INVALID_CODE, 'Error turning on');
      if ('field' in refusal)
        form.setError('code', { message: refusal.field }, { shouldFocus: true });
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
        <Typography id={headingId} ref={heading} tabIndex={-1} component="h3" variant="subtitle1">
          Add this account to your authenticator app
        </Typography>
        <Typography color="text.secondary">
          Scan the QR code with your authenticator app, or type the key in it. Then enter the code
          the app shows.
        </Typography>
        <QrCode text={setup.otpauthUrl} />
        <Box
          component="dl"
          sx={{ m: 0, display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}
        >
          <Typography component="dt" color="text.secondary">
            Key
          </Typography>
          <Box component="dd" sx={{ m: 0, display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box
              component="code"
              sx={{ fontFamily: 'monospace', fontSize: '1rem', overflowWrap: 'anywhere' }}
            >
              {groupedKey(setup.secret)}
            </Box>
            <CopyButton text={setup.secret} what="Key" />
          </Box>
        </Box>
        {failure && <ErrorAlert {...failure} />}
        <CodeField hint="The 6 digits your app shows" disabled={busy} />
        <SubmitOrCancel busy={busy} label="Turn on" busyLabel="Turning on…" onCancel={onCancel} />
      </Box>
    </FormProvider>
  );
};
