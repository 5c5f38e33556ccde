// No zod here: the console's first screen reads this file, and zod would weigh on it.
import { type AreaWords, RESOURCE_AREAS } from './resource-areas';

/** The areas of the product's own screens, each action with what it allows. */
const OWN_PERMISSIONS = {
  'users:read': 'See players and admins, their stats and matches, and export them',
  'users:write': 'Edit and disable users and set their passwords',
  'users:admin': 'Make or remove admins and grant or revoke their permissions',
  'withdrawals:read': 'See withdrawals and export them',
  'withdrawals:approve': 'Approve and reject withdrawals, one at a time or in bulk',
  'adjustments:approve': 'Approve and reject balance credits that need a second admin',
  'bots:read': 'See bots',
  'bots:write': 'Create, edit and delete bots',
  'games:read': 'See game categories and offers',
  'games:write': 'Create, edit and delete game categories and offers',
  'decks:read': 'See Unity decks',
  'decks:write': 'Create, edit, copy and delete Unity decks',
  'settings:read': 'See daily rewards, referral, app info, withdrawal types and payout controls',
  'settings:write':
    'Change daily rewards, referral, app info, withdrawal types and payout controls',
  'integrations:read': 'See the push provider settings',
  'integrations:write': 'Change the push provider settings',
  'legal:read': 'See legal document versions',
  'legal:write': 'Write legal document drafts',
  'legal:publish': 'Publish and activate legal document versions',
  'push:send': 'Send push notifications',
  'audit:read': 'See the audit log',
} as const;

type AddedArea = keyof typeof RESOURCE_AREAS & string;
type AddedPermissions = { [A in AddedArea as `${A}:read` | `${A}:write`]: string };

/** `<area>:read` and `<area>:write` of each resource area declared in resource-areas.ts. */
const added = Object.fromEntries(
  Object.entries(RESOURCE_AREAS as Record<string, AreaWords>).flatMap(([area, words]) => [
    [`${area}:read`, words.read],
    [`${area}:write`, words.write],
  ]),
) as AddedPermissions;

/**
 * What an admin may do, as `area:action`. The one catalogue: the server's guard, the console's
 * access checks, the grant form, the OpenAPI document and the CLI all read it.
 */
export const PERMISSIONS: typeof OWN_PERMISSIONS & AddedPermissions = {
  ...OWN_PERMISSIONS,
  ...added,
};

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

export type PermissionArea = Permission extends `${infer A}:${string}` ? A : never;
export const PERMISSION_AREAS = [
  ...new Set(PERMISSION_NAMES.map((name) => name.split(':')[0])),
] as PermissionArea[];

/** An area with records to read. */
export type ReadableArea = {
  [A in PermissionArea]: `${A}:read` extends Permission ? A : never;
}[PermissionArea];

/** An area whose records are read and written (a CRUD resource's). */
export type RecordArea = {
  [A in PermissionArea]: `${A}:read` extends Permission
    ? `${A}:write` extends Permission
      ? A
      : never
    : never;
}[PermissionArea];

/** Everything, in every area. */
export const EVERYTHING = '*';

/** One entry of GET /api/admin/permissions (schema in permission-catalogue.ts). */
export interface PermissionInfo {
  name: string;
  description: string;
}

/** Every grantable name with its description: `*`, each `area:*`, then each permission. */
export const PERMISSION_CATALOGUE: PermissionInfo[] = [
  { name: EVERYTHING, description: 'Everything, including granting any permission' },
  ...PERMISSION_AREAS.map((area) => ({
    name: `${area}:*`,
    description: `Everything in ${area}`,
  })),
  ...PERMISSION_NAMES.map((name) => ({ name, description: PERMISSIONS[name] })),
];

const GRANTABLE = new Set(PERMISSION_CATALOGUE.map((p) => p.name));

/** Whether a name is in the catalogue: a permission, an `area:*` or `*`. */
export const isGrantable = (name: string) => GRANTABLE.has(name);

export const describePermission = (name: string) =>
  PERMISSION_CATALOGUE.find((p) => p.name === name)?.description;

/**
 * Whether the permissions held allow `needed`: held as such, through `*` or its `area:*`, or (for
 * a read) through any other action of its area, since writing or deciding implies seeing.
 */
export function allows(held: readonly string[], needed: Permission): boolean {
  const [area, action] = needed.split(':');
  return held.some(
    (p) =>
      p === needed ||
      p === EVERYTHING ||
      p === `${area}:*` ||
      (action === 'read' && p.startsWith(`${area}:`) && isGrantable(p)),
  );
}

/**
 * Whether the permissions held cover all a grantable name gives: only `*` covers `*`; `*` or
 * the area's wildcard covers `area:*`; a permission is covered as `allows` says.
 */
export function covers(held: readonly string[], name: string): boolean {
  if (name === EVERYTHING) return held.includes(EVERYTHING);
  if (name.endsWith(':*')) return held.includes(EVERYTHING) || held.includes(name);
  return isGrantable(name) && allows(held, name as Permission);
}

/** The 403 message of a route refused for want of `permission`. */
export const missingPermission = (permission: string) => `Missing permission: ${permission}`;

/** A route any admin may use (the dashboard, who am I): declared as such, not left out. */
export const ANY_ADMIN = 'any admin';
export type RouteAccess = Permission | typeof ANY_ADMIN;
