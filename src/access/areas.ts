import type { PermissionArea } from '../../contract/permissions';

/**
 * Which area each resource and page belongs to, filled where each is declared
 * (`defineResource`, `definePage`, a plain resource's spec): the auth provider's `canAccess`
 * reads it. A page is known by its path ('/settings/referral'), a resource by its name.
 */
const areas = new Map<string, PermissionArea>();

export const registerArea = (screen: string, area: PermissionArea) => {
  areas.set(screen, area);
};

export const areaOf = (screen: string | undefined) =>
  screen === undefined ? undefined : areas.get(screen);
