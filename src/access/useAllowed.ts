import { useQuery } from '@tanstack/react-query';
import { useAuthProvider, useResourceContext } from 'react-admin';
import { missingPermission } from '../../contract/permissions';
import { useAreas } from './areas';
import { neededFor } from './permissionFor';

export interface Allowed {
  /** False while the check runs, and when it refuses. */
  allowed: boolean;
  pending: boolean;
  /** What a refused admin is told: 'Missing permission: withdrawals:approve'. */
  missing: string;
  /** The permission the action needs: 'withdrawals:approve'. */
  needed: string;
}

/**
 * Whether the admin may do `action` on a resource (the current one unless named) or a custom page
 * (its path), through the auth provider's `canAccess`. One check per screen and action, shared by
 * every row that asks (react-admin's own `useCanAccess` keys it per record).
 */
export const useAllowed = (action: string, resource?: string): Allowed => {
  const authProvider = useAuthProvider();
  const screen = useResourceContext({ resource });
  const areas = useAreas();
  const { data, isPending } = useQuery({
    queryKey: ['auth', 'canAccess', { action, resource: screen }],
    queryFn: async () =>
      (await authProvider?.canAccess?.({ action, resource: screen ?? '' })) ?? true,
    // known at once when the permissions are in memory (no flash of a button that then goes),
    // or when there is no access control at all
    initialData: () =>
      authProvider?.canAccess
        ? authProvider.canAccessNow?.({ action, resource: screen ?? '' })
        : true,
  });
  const needed = neededFor(areas, screen, action) ?? '*';
  return { allowed: data === true, pending: isPending, missing: missingPermission(needed), needed };
};
