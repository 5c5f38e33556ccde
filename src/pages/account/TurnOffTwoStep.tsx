import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { FormProvider } from 'react-hook-form';
import { z } from 'zod';
import { CURRENT_PASSWORD_INCORRECT } from '../../../contract/account';
import { INVALID_CODE } from '../../../contract/two-step';
import { codeOf, statusOf } from '../../apiErrors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { Failure } from '../../components/ErrorAlert';
import { ErrorAlert } from '../../components/ErrorAlert';
import { useConfirmStep } from '../../components/useConfirmStep';
import { useAccountAction } from './accountActions';
import { useAccountForm } from './accountForm';
import { CodeField, code } from './CodeField';
import { CurrentPasswordField, currentPassword } from './CurrentPasswordField';
import { refusalOf } from './refusal';

const TurnOff = z.object({ code, currentPassword });
type TurnOff = z.infer<typeof TurnOff>;

/** A wrong password is refused on its own field; anything else as a wrong code would be. */
const isWrongPassword = (error: unknown) =>
  statusOf(error) === 401 && codeOf(error) === 'wrong_password';

/**
 * 'Turn off': a code of the app or a recovery code and the current password, then a
 * confirmation. `onTurnedOff` runs once the server has turned it off.
 */
export const TurnOffTwoStep = ({ onTurnedOff }: { onTurnedOff: () => void }) => {
  const notify = useNotify();
  const { open, busy, ask, close, run } = useConfirmStep();
  const form = useAccountForm(TurnOff, { code: '', currentPassword: '' });
  const disable = useAccountAction((dataProvider, typed: TurnOff) =>
    dataProvider.disableTwoStep(typed.code, typed.currentPassword),
  );
  // What was checked, waiting for the admin's yes.
  const [checked, setChecked] = useState<TurnOff>();
  const [failure, setFailure] = useState<Failure>();

  const submit = (values: TurnOff) => {
    setFailure(undefined);
    setChecked(values);
    ask();
  };

  const turnOff = async () => {
    if (!checked) return;
    try {
      await disable.mutateAsync(checked);
    } catch (failed) {
      if (isWrongPassword(failed)) {
        form.setError('currentPassword', { message: CURRENT_PASSWORD_INCORRECT });
      } else {
        const refusal = refusalOf(failed, 'invalid_code', INVALID_CODE, 'Error turning off');
        if ('field' in refusal) form.setError('code', { message: refusal.field });
        else setFailure(refusal.failure);
      }
      throw failed;
    }
    notify('Two-step sign-in turned off', { type: 'success' });
    onTurnedOff();
  };

  return (
    <FormProvider {...form}>
      <Box
        component="form"
        noValidate
        aria-label="Turn off two-step sign-in"
        onSubmit={form.handleSubmit(submit)}
        sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, mt: 2 }}
      >
        {failure && <ErrorAlert {...failure} />}
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <CodeField hint="A code of your app, or a recovery code" recovery disabled={busy} />
          <CurrentPasswordField disabled={busy} />
          <Button type="submit" variant="outlined" color="error" disabled={busy} sx={{ mt: '2px' }}>
            Turn off
          </Button>
        </Box>
        <ConfirmDialog
          open={open}
          busy={busy}
          title="Turn off two-step sign-in?"
          description="Signing in will ask for your password only."
          confirmLabel="Turn off"
          confirmColor="error"
          onConfirm={run(turnOff)}
          onClose={close}
        />
      </Box>
    </FormProvider>
  );
};
