import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { config } from '../../config';
import type { AppDataProvider } from '../../dataProvider';
import { formatDateTime, formatNumber } from '../../format';
import { getStoredUser } from '../../storage';
import { ACCOUNT_PATH } from '../../twoStepGate';
import { useReloadAccount } from './accountActions';
import { useTwoStepWarning } from './useAccount';

/** Where 'Change password' leads: My account's password form, its first field focused. */
export const PASSWORD_FORM_ID = 'change-password';

/** Focuses the password form on My account, once it is on the page. */
export const focusPasswordForm = () => {
  const form = document.getElementById(PASSWORD_FORM_ID);
  form?.scrollIntoView?.({ block: 'center' });
  form?.querySelector('input')?.focus();
};

const codesTyped = (n: number) =>
  n === 1 ? 'A wrong two-step code was' : `${formatNumber(n)} wrong two-step codes were`;

/**
 * Wrong two-step codes were typed after the admin's right password: someone may know it. Shown
 * on the first page after signing in and on My account, with when and from where, until the
 * admin dismisses it or changes the password. Only with our own sign-in, for an admin with
 * two-step sign-in on (whose codes can be guessed).
 */
export const WrongCodesWarning = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const reload = useReloadAccount();
  // As signing in stored it: two-step sign-in turned on since then has had no sign-in to warn of.
  const applies = config.authMode === 'password' && getStoredUser()?.twoStep === true;
  const warning = useTwoStepWarning(applies).data?.warning;
  const [busy, setBusy] = useState(false);
  if (!warning) return null;

  const changePassword = () => {
    if (pathname === ACCOUNT_PATH) focusPasswordForm();
    else navigate(ACCOUNT_PATH, { state: { focus: PASSWORD_FORM_ID } });
  };

  const dismiss = async () => {
    setBusy(true);
    try {
      await dataProvider.dismissTwoStepWarning();
      await reload('warning');
    } catch {
      notify('Error dismissing the warning', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Alert
      severity="warning"
      action={
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button color="inherit" size="small" variant="outlined" onClick={changePassword}>
            Change password
          </Button>
          <Button color="inherit" size="small" onClick={dismiss} disabled={busy}>
            Dismiss
          </Button>
        </Box>
      }
      sx={{ mb: 2 }}
    >
      <AlertTitle>Someone may know your password</AlertTitle>
      {`${codesTyped(warning.wrongCodes)} entered after your correct password, the latest on ${formatDateTime(warning.lastAt)} from ${warning.ip}. If it was not you, change your password.`}
    </Alert>
  );
};
