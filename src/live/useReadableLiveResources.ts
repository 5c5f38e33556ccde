import { useMemo } from 'react';
import { useAuthProvider, useCanAccessResources, useResourceDefinitions } from 'react-admin';
import { LIVE_RESOURCES, type LiveResource } from '../../contract/live';

const ANNOUNCED = Object.keys(LIVE_RESOURCES) as LiveResource[];

/**
 * The announced resources, and every mounted one (a new resource's table announces itself,
 * see the README's Adding a resource), whose area the admin may read (one check for all); none
 * while the check runs. The server sends only those anyway: this spares listening for nothing.
 */
export const useReadableLiveResources = (): string[] => {
  const authProvider = useAuthProvider();
  const mounted = Object.keys(useResourceDefinitions());
  const key = mounted.join(' ');
  const names = useMemo(
    () => [...new Set([...ANNOUNCED, ...key.split(' ').filter(Boolean)])],
    [key],
  );
  const { canAccess } = useCanAccessResources({
    action: 'list',
    resources: names,
    // known at once when the permissions are in memory
    initialData: () => {
      const now = (name: string) =>
        authProvider?.canAccessNow?.({ action: 'list', resource: name });
      if (names.some((name) => now(name) === undefined)) return undefined;
      return Object.fromEntries(names.map((name) => [name, now(name) === true]));
    },
  });
  return useMemo(() => names.filter((name) => canAccess?.[name] === true), [names, canAccess]);
};
