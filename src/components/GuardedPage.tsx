import type { ReactNode } from 'react';
import { Authenticated } from 'react-admin';
import { LoadingScreen } from './LoadingScreen';

/**
 * Wraps a custom page: runs the admin ping when the page opens, shows 'Loading...' meanwhile,
 * and logs out to /login when it fails. (Resources get the same check from react-admin.)
 */
export const GuardedPage = ({ children }: { children: ReactNode }) => (
  <Authenticated loading={<LoadingScreen />}>{children}</Authenticated>
);
