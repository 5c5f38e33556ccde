import type { ReactNode } from 'react';
import { AccessDenied } from './AccessDenied';
import { useAllowed } from './useAllowed';

/**
 * A route's content when the admin may do `action` on its resource or page, else the
 * access-denied page in its place (the address stays, so a reload after a grant opens it).
 */
export const RequireAccess = ({
  action,
  resource,
  children,
}: {
  action: string;
  resource?: string;
  children: ReactNode;
}) => {
  const { allowed, pending } = useAllowed(action, resource);
  if (pending) return null;
  return allowed ? children : <AccessDenied action={action} resource={resource} />;
};
