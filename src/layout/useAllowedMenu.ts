import { useMemo } from 'react';
import { useAuthProvider, useCanAccessResources } from 'react-admin';
import { allowedMenu, type MenuEntry, menuLinks } from './menu';
import { useShell } from './shell';

/**
 * The menu the admin's permissions open: a link shows when its resource or page may be read
 * (one check for the whole menu); while that runs, only the links any admin may follow.
 */
export const useAllowedMenu = (): MenuEntry[] => {
  const authProvider = useAuthProvider();
  const { menu } = useShell();
  const screens = useMemo(
    () => menuLinks(menu).flatMap((link) => (link.screen ? [link.screen] : [])),
    [menu],
  );
  const { canAccess } = useCanAccessResources({
    action: 'list',
    resources: screens,
    // known at once when the permissions are in memory
    initialData: () => {
      const now = (screen: string) =>
        authProvider?.canAccessNow?.({ action: 'list', resource: screen });
      if (screens.some((screen) => now(screen) === undefined)) return undefined;
      return Object.fromEntries(screens.map((screen) => [screen, now(screen) === true]));
    },
  });
  return useMemo(
    () => allowedMenu(menu, (link) => !link.screen || canAccess?.[link.screen] === true),
    [menu, canAccess],
  );
};
