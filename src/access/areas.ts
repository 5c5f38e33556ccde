import { createContext, useContext } from 'react';
import { LIVE_RESOURCES, type LiveResource } from '../../contract/live';
import type { PermissionArea } from '../../contract/permissions';
import type { PageScreen, ResourceScreen } from '../screen';

/**
 * Which area each resource and page belongs to, and its name in the menu: the auth provider's
 * `canAccess` reads the area, the access-denied page the name. A page is known by its path
 * ('/settings/referral'), a resource by its name.
 */
export interface ScreenAreas {
  area(screen: string | undefined): PermissionArea | undefined;
  /** The screen's name as the menu shows it ('Users', 'Referral'), if it was declared with one. */
  label(screen: string | undefined): string | undefined;
}

/**
 * The areas of a registry's resources and pages. The announced live resources without a screen
 * of that name (matches, decks, settings...) come with their area, for the live updates' check.
 */
export const areasOf = (resources: readonly ResourceScreen[], pages: readonly PageScreen[]) => {
  const areas = new Map<string, PermissionArea>(
    (Object.keys(LIVE_RESOURCES) as LiveResource[]).map((name) => [name, LIVE_RESOURCES[name]]),
  );
  const labels = new Map<string, string>();
  for (const { name, area, options } of resources) {
    areas.set(name, area);
    labels.set(name, options.label);
  }
  for (const { path, area, label } of pages) {
    if (!area) continue;
    areas.set(path, area);
    labels.set(path, label);
  }
  const known: ScreenAreas = {
    area: (screen) => (screen === undefined ? undefined : areas.get(screen)),
    label: (screen) => (screen === undefined ? undefined : labels.get(screen)),
  };
  return known;
};

const AreasContext = createContext<ScreenAreas>(areasOf([], []));

/** App gives the screens' areas to the access checks it renders. */
export const AreasProvider = AreasContext.Provider;

export const useAreas = () => useContext(AreasContext);
