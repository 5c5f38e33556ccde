import { useLogout } from 'react-admin';
import { signOutOfProxy } from '../authProvider';
import { config } from '../config';

/**
 * What Logout does, in the sidebar and the user menu: react-admin's logout (revokes the session,
 * back to the sign-in page), or behind a sign-on proxy the proxy's own sign-out.
 */
export const useSignOut = (): (() => void) => {
  const logout = useLogout();
  return () => (config.authMode === 'proxy' ? signOutOfProxy() : logout());
};
