import { Box, Button } from '@mui/material';
import { type FormEvent, useRef, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { CURRENT_PASSWORD_INCORRECT } from '../../../contract/account';
import { INVALID_CODE } from '../../../contract/two-step';
import { codeOf, statusOf } from '../../apiErrors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { Failure } from '../../components/ErrorAlert';
import { ErrorAlert } from '../../components/ErrorAlert';
import { useConfirmStep } from '../../components/useConfirmStep';
import type { AppDataProvider } from '../../dataProvider';
import { CODE_MISSING, CodeField } from './CodeField';
import { CURRENT_PASSWORD_MISSING, CurrentPasswordField } from './CurrentPasswordField';
import { refusalOf } from './refusal';

/** A wrong password is refused on its own field; anything else as a wrong code would be. */
const isWrongPassword = (error: unknown) =>
  statusOf(error) === 401 && codeOf(error) === 'wrong_password';

/**
 * 'Turn off': a code of the app or a recovery code and the current password, then a
 * confirmation. `onTurnedOff` runs once the server has turned it off.
 */
export const TurnOffTwoStep = ({ onTurnedOff }: { onTurnedOff: () => void }) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const { open, busy, ask, close, run } = useConfirmStep();
  const codeInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [passwordError, setPasswordError] = useState<string>();
  const [failure, setFailure] = useState<Failure>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const missingCode = !code.trim();
    if (missingCode) setError(CODE_MISSING);
    if (!password) setPasswordError(CURRENT_PASSWORD_MISSING);
    if (missingCode) codeInput.current?.focus();
    else if (!password) passwordInput.current?.focus();
    else ask();
  };

  const turnOff = async () => {
    try {
      await dataProvider.disableTwoStep(code.trim(), password);
    } catch (failed) {
      if (isWrongPassword(failed)) setPasswordError(CURRENT_PASSWORD_INCORRECT);
      else {
        const refusal = refusalOf(failed, 'invalid_code', INVALID_CODE, 'Error turning off');
        if ('field' in refusal) setError(refusal.field);
        else setFailure(refusal.failure);
      }
      throw failed;
    }
    notify('Two-step sign-in turned off', { type: 'success' });
    onTurnedOff();
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label="Turn off two-step sign-in"
      onSubmit={submit}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, mt: 2 }}
    >
      {failure && <ErrorAlert {...failure} />}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <CodeField
          value={code}
          error={error}
          hint="A code of your app, or a recovery code"
          recovery
          disabled={busy}
          inputRef={codeInput}
          onChange={(value) => {
            setCode(value);
            setError(undefined);
          }}
        />
        <CurrentPasswordField
          value={password}
          error={passwordError}
          disabled={busy}
          inputRef={passwordInput}
          onChange={(value) => {
            setPassword(value);
            setPasswordError(undefined);
          }}
        />
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
  );
};
