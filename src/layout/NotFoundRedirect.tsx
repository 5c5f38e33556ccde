import { useEffect } from 'react';
import { useNotify } from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';

export const pageNotFound = (path: string) => `Page not found: ${path}`;

/**
 * An unknown path goes to the dashboard (spec section 2), saying which address was not found
 * ('Page not found: /unity-decks') rather than landing there unexplained.
 */
export const NotFoundRedirect = () => {
  const { pathname } = useLocation();
  const notify = useNotify();
  useEffect(() => {
    notify(pageNotFound(pathname), { type: 'warning' });
  }, [notify, pathname]);
  return <Navigate to="/" replace />;
};
