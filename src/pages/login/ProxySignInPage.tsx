import { Alert, Button, Stack } from '@mui/material';
import { useState } from 'react';
import { signOutOfProxy } from '../../authProvider';
import { config } from '../../config';
import { pageNavigation } from '../../navigation';
import { takeLoginNotice } from '../../storage';
import { SignInFrame } from './SignInFrame';

export const PROXY_NOT_SIGNED_IN = 'Your single sign-on did not sign you in to this console.';

/**
 * /login when a single sign-on proxy signs admins in: there is no password to type, so it says
 * why the console could not open (not an admin, or no sign-on reached it) and offers the ways on.
 */
export const ProxySignInPage = () => {
  const [notice] = useState(() => takeLoginNotice() ?? PROXY_NOT_SIGNED_IN);
  return (
    <SignInFrame subtitle="Signed in through your organisation's single sign-on">
      <Alert severity="warning" sx={{ mb: 3 }}>
        {notice}
      </Alert>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
        <Button variant="contained" onClick={() => pageNavigation.assign(`${config.basePath}/`)}>
          Try again
        </Button>
        <Button variant="outlined" onClick={signOutOfProxy}>
          Sign out
        </Button>
      </Stack>
    </SignInFrame>
  );
};
