import { Alert, Box } from '@mui/material';
import { useEffect } from 'react';
import { Title } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { TWO_STEP_REQUIRED } from '../../../contract/two-step';
import { config } from '../../config';
import { useTwoStepSetupRequired } from '../../twoStepGate';
import { PasswordSection } from './PasswordSection';
import { ProfileSection } from './ProfileSection';
import { focusPasswordForm, PASSWORD_FORM_ID } from './passwordForm';
import { SessionsSection } from './SessionsSection';
import { TwoStepSection } from './TwoStepSection';
import { WrongCodesWarning } from './WrongCodesWarning';

/**
 * /account, My account: who is signed in; with our own sign-in (not behind a sign-on proxy) also
 * their password, two-step sign-in and sessions. Under REQUIRE_2FA, until two-step sign-in is on,
 * the only page that opens, and it says why.
 */
export const AccountPage = () => {
  const setupRequired = useTwoStepSetupRequired();
  const proxy = config.authMode === 'proxy';
  const { state } = useLocation();
  // Come from the warning's 'Change password' on another page.
  const focusPassword = (state as { focus?: string } | null)?.focus === PASSWORD_FORM_ID;
  useEffect(() => {
    if (focusPassword) focusPasswordForm();
  }, [focusPassword]);
  return (
    <>
      <Title title="My account" />
      <Box sx={{ display: 'grid', gap: 2, maxWidth: 960 }}>
        {setupRequired && <Alert severity="warning">{TWO_STEP_REQUIRED}</Alert>}
        {!proxy && <WrongCodesWarning />}
        <ProfileSection proxy={proxy} />
        {!proxy && (
          <>
            <Box id={PASSWORD_FORM_ID}>
              <PasswordSection />
            </Box>
            <TwoStepSection />
            <SessionsSection />
          </>
        )}
      </Box>
    </>
  );
};
