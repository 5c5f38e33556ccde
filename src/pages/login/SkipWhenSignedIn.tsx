import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useConsoleAuthProvider } from '../../authProvider';
import { LoadingScreen } from '../../components/LoadingScreen';
import { getToken } from '../../storage';

/**
 * /login with a stored session: while the admin ping checks it, 'Loading...'; an admin still
 * signed in then goes on to the dashboard, anyone else sees `children` (the sign-in form). An
 * expired or revoked token answers 401, which also forgets it; a server out of reach ends no
 * session (see checkAuth), so the console opens and reconnects.
 */
export const SkipWhenSignedIn = ({ children }: { children: ReactNode }) => {
  const navigate = useNavigate();
  const authProvider = useConsoleAuthProvider();
  const [checking, setChecking] = useState(() => Boolean(getToken()));

  useEffect(() => {
    if (!checking) return;
    const controller = new AbortController();
    authProvider.checkAuth({ signal: controller.signal }).then(
      () => navigate('/', { replace: true }),
      () => {
        if (!controller.signal.aborted) setChecking(false);
      },
    );
    return () => controller.abort();
  }, [authProvider, checking, navigate]);

  return checking ? <LoadingScreen /> : children;
};
