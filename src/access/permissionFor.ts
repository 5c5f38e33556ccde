import {
  allows,
  EVERYTHING,
  PERMISSION_NAMES,
  type Permission,
  type PermissionArea,
} from '../../contract/permissions';
import type { ScreenAreas } from './areas';

/** react-admin's actions that only look: they need the area's read. */
const READING = new Set(['list', 'show', 'read', 'export']);

const isPermission = (name: string): name is Permission =>
  (PERMISSION_NAMES as string[]).includes(name);

/**
 * The permission an action of an area needs: an action that is a permission's full name
 * (`adjustments:approve` on the adjustments, seen with `users:read`) needs itself; looking needs
 * `<area>:read`; an action named in the catalogue (`withdrawals:approve`, `legal:publish`, `push:send`, `users:admin`) needs itself;
 * anything else (create, edit, delete, toggle, copy...) needs `<area>:write`. An area without
 * the read or write asked for uses its first permission that fits: push is seen with
 * `push:send`, a withdrawal is rejected with `withdrawals:approve`.
 */
export const permissionFor = (area: PermissionArea, action: string): Permission => {
  if (isPermission(action)) return action;
  const own = `${area}:${action}`;
  if (!READING.has(action) && isPermission(own)) return own;
  const kind = READING.has(action) ? 'read' : 'write';
  const wanted = `${area}:${kind}`;
  if (isPermission(wanted)) return wanted;
  const ofArea = PERMISSION_NAMES.filter((name) => name.startsWith(`${area}:`));
  const fits = kind === 'read' ? ofArea : ofArea.filter((name) => !name.endsWith(':read'));
  return (fits[0] ?? ofArea[0]) as Permission;
};

/** The permission a screen's action needs, or undefined for a screen of no area. */
export const neededFor = (areas: ScreenAreas, screen: string | undefined, action: string) => {
  const area = areas.area(screen);
  return area ? permissionFor(area, action) : undefined;
};

/**
 * Whether the permissions held allow an action on a resource or page: `*` allows all; a screen
 * declared without an area (none is) is refused to everyone else.
 */
export const permits = (
  areas: ScreenAreas,
  held: readonly string[],
  screen: string | undefined,
  action: string,
) => {
  if (held.includes(EVERYTHING)) return true;
  const needed = neededFor(areas, screen, action);
  return needed !== undefined && allows(held, needed);
};
