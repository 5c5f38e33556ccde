import type { PermissionArea } from '../../contract/permissions';

/**
 * Which area each resource and page belongs to, and its name in the menu, filled where each is
 * declared (`defineResource`, `definePage`, a plain resource's spec): the auth provider's
 * `canAccess` reads the area, the access-denied page the name. A page is known by its path
 * ('/settings/referral'), a resource by its name.
 */
const areas = new Map<string, PermissionArea>();
const labels = new Map<string, string>();

export const registerArea = (screen: string, area: PermissionArea, label?: string) => {
  areas.set(screen, area);
  if (label) labels.set(screen, label);
};

export const areaOf = (screen: string | undefined) =>
  screen === undefined ? undefined : areas.get(screen);

/** The screen's name as the menu shows it ('Users', 'Referral'), if it was declared with one. */
export const labelOf = (screen: string | undefined) =>
  screen === undefined ? undefined : labels.get(screen);
