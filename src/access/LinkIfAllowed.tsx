import { Link } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useAllowed } from './useAllowed';

/**
 * A link to a screen of another resource when the admin may open it; otherwise its text alone
 * (a username stays readable without leading to a page that would refuse the admin).
 */
export const LinkIfAllowed = ({
  to,
  resource,
  action = 'show',
  children,
}: {
  to: string;
  /** The resource the link opens (its name). */
  resource: string;
  action?: string;
  children: ReactNode;
}) =>
  useAllowed(action, resource).allowed ? (
    <Link component={RouterLink} to={to}>
      {children}
    </Link>
  ) : (
    children
  );
