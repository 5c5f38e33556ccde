import { useMemo } from 'react';
import { useAuthProvider, useCanAccessResources, useResourceDefinitions } from 'react-admin';
import { LIVE_RESOURCES, type LiveResource } from '../../contract/live';
import { areaOf, registerArea } from '../access/areas';

const ANNOUNCED = Object.keys(LIVE_RESOURCES) as LiveResource[];

// Some announced resources have no screen of that name (matches, decks, settings...): the access
// check learns their area here, as a screen's declaration would tell it.
for (const name of ANNOUNCED) {
  if (areaOf(name) === undefined) registerArea(name, LIVE_RESOURCES[name]);
}

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
