import { lazy } from 'react';
import { ACCOUNT_PATH } from '../../twoStepGate';

/**
 * /account (My account, from the top bar's user menu): every admin's own profile, password,
 * two-step sign-in and sessions. Not in the sidebar, and open whatever the admin holds.
 */
export const accountPage = {
  path: ACCOUNT_PATH,
  // Its own chunk, with the QR code library loaded only when a set-up starts.
  component: lazy(() =>
    import('./AccountPage').then((module) => ({ default: module.AccountPage })),
  ),
};
