import { Box, Button } from '@mui/material';
import { type FormEvent, useRef, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { INVALID_CODE } from '../../../contract/two-step';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorAlert } from '../../components/ErrorAlert';
import type { Failure } from '../../components/settings/useSettingsForm';
import { useConfirmStep } from '../../components/useConfirmStep';
import type { AppDataProvider } from '../../dataProvider';
import { CODE_MISSING, CodeField } from './CodeField';
import { refusalOf } from './refusal';

/**
 * 'Turn off': a code of the app or a recovery code, then a confirmation. `onTurnedOff` runs once
 * the server has turned it off.
 */
export const TurnOffTwoStep = ({ onTurnedOff }: { onTurnedOff: () => void }) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const { open, busy, ask, close, run } = useConfirmStep();
  const codeInput = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<Failure>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    if (!code.trim()) {
      setError(CODE_MISSING);
      codeInput.current?.focus();
      return;
    }
    ask();
  };

  const turnOff = async () => {
    try {
      await dataProvider.disableTwoStep(code.trim());
    } catch (failed) {
      const refusal = refusalOf(failed, 'invalid_code', INVALID_CODE, 'Error turning off');
      if ('field' in refusal) setError(refusal.field);
      else setFailure(refusal.failure);
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
