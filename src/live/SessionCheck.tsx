import { useEffect } from 'react';
import { useCheckAuth, useLogout } from 'react-admin';
import { useLiveStatus } from './status';

/**
 * The server closes the live stream of a session ended elsewhere (from My account of another
 * browser, by an admin) and refuses it again: the console then checks the session at once
 * rather than at the admin's next click. A 401 signs out to the sign-in page, which says 'Your
 * session was ended'; a stream lost to the network only reconnects (see LiveConnection).
 * Mounted once, in the layout.
 */
export const SessionCheck = () => {
  const status = useLiveStatus();
  const checkAuth = useCheckAuth();
  const logout = useLogout();
  useEffect(() => {
    if (status !== 'closed') return;
    // Not react-admin's own sign-out, which would add the server's error as a toast.
    checkAuth({}, false).catch((error: unknown) => {
      // behind a sign-on proxy the page is loading again instead
      if ((error as { logoutUser?: unknown } | null)?.logoutUser !== false) void logout();
    });
  }, [status, checkAuth, logout]);
  return null;
};
