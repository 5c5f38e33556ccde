import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import type { AppDataProvider } from '../../dataProvider';
import { formatDateTime, formatNumber } from '../../format';
import { ACCOUNT_PATH } from '../../twoStepGate';
import { focusPasswordForm, PASSWORD_FORM_ID } from './passwordForm';
import { useTwoStepWarning } from './useAccount';

const codesTyped = (n: number) =>
  n === 1 ? 'A wrong two-step code was' : `${formatNumber(n)} wrong two-step codes were`;

/**
 * The warning itself: wrong two-step codes were typed after the admin's right password, with
 * when and from where, until the admin dismisses it or changes the password.
 */
export const TwoStepWarningAlert = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const read = useTwoStepWarning();
  const warning = read.data?.warning;

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
      await read.refetch();
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
