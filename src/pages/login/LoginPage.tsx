import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, type MouseEvent, useState } from 'react';
import { type SignInStep, useConsoleAuthProvider } from '../../authProvider';
import { PasswordField } from '../../components/PasswordField';
import { config } from '../../config';
import { pageNavigation } from '../../navigation';
import { setRememberMe, takeLoginNotice } from '../../storage';
import { ACCOUNT_PATH, isTwoStepSetupRequired } from '../../twoStepGate';
import { CODE_STEP_TEXT, CodeStep } from './CodeStep';
import { SignInFrame } from './SignInFrame';

export const INVALID_CREDENTIALS = 'Invalid credentials';

/** The server's `error` field if the failure carries one, otherwise 'Invalid credentials'. */
export const loginErrorMessage = (error: unknown): string => {
  const body = (error as { body?: unknown } | null)?.body;
  if (body && typeof body === 'object' && 'error' in body) {
    const message = (body as { error: unknown }).error;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return INVALID_CREDENTIALS;
};

/** Forgot password, Privacy and Terms are inert: focusable, but they go nowhere. */
const InertLink = ({ children }: { children: string }) => (
  <Link
    href="#"
    variant="body2"
    underline="hover"
    onClick={(event: MouseEvent) => event.preventDefault()}
  >
    {children}
  </Link>
);

/**
 * Signed in: reloads the console so everything starts from the new session, at the base path,
 * or at My account when two-step set-up is due (REQUIRE_2FA) and nothing else would open.
 */
const openConsole = () =>
  pageNavigation.assign(`${config.basePath}${isTwoStepSetupRequired() ? ACCOUNT_PATH : '/'}`);

/**
 * /login. Calls the authProvider directly (react-admin's useLogin would navigate in-app). With
 * two-step sign-in on, a right password leads to the code step in the same card.
 */
export const LoginPage = () => {
  const authProvider = useConsoleAuthProvider();
  const [emailOrUsername, setEmailOrUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice] = useState(takeLoginNotice);
  const [challenge, setChallenge] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    // Before the sign-in stores the token: it decides where (see src/storage.ts).
    setRememberMe(remember);
    let step: SignInStep;
    try {
      // No client-side validation: empty values are sent as they are.
      step = await authProvider.login({ emailOrUsername, password });
    } catch (failure) {
      setError(loginErrorMessage(failure));
      setBusy(false);
      return;
    }
    if (!step) {
      openConsole();
      return;
    }
    // the password did its part: not kept while the code is asked
    setPassword('');
    setBusy(false);
    setChallenge(step.challenge);
  };

  /** From the code step: the password step again, empty, with why if the sign-in expired. */
  const backToPassword = (message?: string) => {
    setChallenge(null);
    setPassword('');
    setError(message ?? null);
  };

  return (
    <SignInFrame subtitle={challenge ? CODE_STEP_TEXT : 'Sign in with your admin credentials'}>
      {challenge ? (
        <CodeStep challenge={challenge} onSignedIn={openConsole} onBack={backToPassword} />
      ) : (
        <Box component="form" onSubmit={handleSubmit} noValidate>
          <TextField
            label="Email or username"
            name="emailOrUsername"
            autoComplete="username"
            autoFocus={!emailOrUsername}
            fullWidth
            margin="normal"
            variant="outlined"
            value={emailOrUsername}
            onChange={(event) => setEmailOrUsername(event.target.value)}
          />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            // back from the code step: the password is what is left to type
            autoFocus={!!emailOrUsername}
            fullWidth
            margin="normal"
            variant="outlined"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Stack
            direction="row"
            sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 1, mb: 2 }}
          >
            <FormControlLabel
              control={
                <Checkbox
                  name="rememberMe"
                  checked={remember}
                  onChange={(event) => setRemember(event.target.checked)}
                />
              }
              label="Remember me"
            />
            <InertLink>Forgot password</InertLink>
          </Stack>

          {notice && !error && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {notice}
            </Alert>
          )}
          {error && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}

          <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </Button>
        </Box>
      )}

      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        Protected area — Admins only
      </Typography>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'center', mt: 1 }}>
        <InertLink>Privacy</InertLink>
        <InertLink>Terms</InertLink>
      </Stack>
    </SignInFrame>
  );
};
