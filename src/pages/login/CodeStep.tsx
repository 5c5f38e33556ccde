import { Alert, Box, Button, TextField } from '@mui/material';
import { type FormEvent, useRef, useState } from 'react';
import { CHALLENGE_EXPIRED, INVALID_CODE } from '../../../contract/two-step';
import { codeOf, serverErrorText, statusOf } from '../../apiErrors';
import { useConsoleAuthProvider } from '../../authProvider';
import { NETWORK_ERROR_MESSAGE } from '../../http';

export const CODE_STEP_TEXT =
  'Enter the 6-digit code from your authenticator app, or one of your recovery codes.';

interface CodeStepProps {
  /** What the password step's login answered: the sign-in the code completes. */
  challenge: string;
  /** Signed in: the token and user are stored. */
  onSignedIn: () => void;
  /** Back to the password step; with the reason when the sign-in can no longer complete. */
  onBack: (message?: string) => void;
}

/** The server's text of a refused code, else what the failure was. */
const codeErrorMessage = (failure: unknown): string =>
  serverErrorText(failure) ?? (statusOf(failure) === 0 ? NETWORK_ERROR_MESSAGE : INVALID_CODE);

/**
 * The second step of a two-step sign-in, in the same card: a code from the authenticator app
 * (or a recovery code, hence letters allowed) completes the sign-in the password started.
 */
export const CodeStep = ({ challenge, onSignedIn, onBack }: CodeStepProps) => {
  const authProvider = useConsoleAuthProvider();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await authProvider.verifyCode(challenge, code);
    } catch (failure) {
      if (codeOf(failure) === 'challenge_expired') {
        onBack(serverErrorText(failure) ?? CHALLENGE_EXPIRED);
        return;
      }
      setError(codeErrorMessage(failure));
      setBusy(false);
      // the code stays, selected: typing replaces it
      field.current?.focus();
      field.current?.select();
      return;
    }
    onSignedIn();
  };

  return (
    <Box component="form" onSubmit={handleSubmit} noValidate>
      <TextField
        label="Code"
        name="code"
        autoComplete="one-time-code"
        autoFocus
        fullWidth
        margin="normal"
        variant="outlined"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        inputRef={field}
        slotProps={{
          // recovery codes hold letters: no numeric keypad
          htmlInput: { inputMode: 'text', autoCapitalize: 'none', spellCheck: false },
        }}
      />
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 1, mb: 2 }}>
          {error}
        </Alert>
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={busy}
        sx={{ mt: 2 }}
      >
        {busy ? 'Verifying…' : 'Verify'}
      </Button>
      <Button type="button" fullWidth onClick={() => onBack()} sx={{ mt: 1 }}>
        Back to sign in
      </Button>
    </Box>
  );
};
