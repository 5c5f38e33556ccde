import { lazy, Suspense } from 'react';
import { config } from '../../config';
import { getStoredUser } from '../../storage';

// Its own chunk: most admins never see it, and the first visit does not pay for it.
const TwoStepWarningAlert = lazy(() =>
  import('./TwoStepWarningAlert').then((module) => ({ default: module.TwoStepWarningAlert })),
);

/**
 * Wrong two-step codes were typed after the admin's right password: someone may know it. Shown
 * on the first page after signing in and on My account. Only with our own sign-in, for an admin
 * with two-step sign-in on (whose codes can be guessed).
 */
export const WrongCodesWarning = () => {
  // As signing in stored it: two-step sign-in turned on since then has had no sign-in to warn of.
  const applies = config.authMode === 'password' && getStoredUser()?.twoStep === true;
  if (!applies) return null;
  return (
    <Suspense fallback={null}>
      <TwoStepWarningAlert />
    </Suspense>
  );
};
