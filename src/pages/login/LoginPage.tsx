import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  IconButton,
  InputAdornment,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, type MouseEvent, useState } from 'react';
import { authProvider } from '../../authProvider';
import { config } from '../../config';
import { pageNavigation } from '../../navigation';
import { setRememberMe, takeLoginNotice } from '../../storage';
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
 * /login. Calls the authProvider directly (react-admin's useLogin would navigate in-app) and,
 * on success, reloads the console at the base path so everything starts from the new session.
 */
export const LoginPage = () => {
  const [emailOrUsername, setEmailOrUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice] = useState(takeLoginNotice);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    // Before the sign-in stores the token: it decides where (see src/storage.ts).
    setRememberMe(remember);
    try {
      // No client-side validation: empty values are sent as they are.
      await authProvider.login({ emailOrUsername, password });
    } catch (failure) {
      setError(loginErrorMessage(failure));
      setBusy(false);
      return;
    }
    pageNavigation.assign(`${config.basePath}/`);
  };

  return (
    <SignInFrame subtitle="Sign in with your admin credentials">
      <Box component="form" onSubmit={handleSubmit} noValidate>
        <TextField
          label="Email or username"
          name="emailOrUsername"
          autoComplete="username"
          autoFocus
          fullWidth
          margin="normal"
          variant="outlined"
          value={emailOrUsername}
          onChange={(event) => setEmailOrUsername(event.target.value)}
        />
        <TextField
          label="Password"
          name="password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          fullWidth
          margin="normal"
          variant="outlined"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          slotProps={{
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    aria-label={showPassword ? 'Hide password' : 'Show password'}
                    onClick={() => setShowPassword((shown) => !shown)}
                    edge="end"
                  >
                    {showPassword ? <VisibilityOff /> : <Visibility />}
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
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
