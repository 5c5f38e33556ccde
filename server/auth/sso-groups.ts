import type { GroupPermission } from '../../contract/users';
import type { GroupMapping } from '../config';
import type { UserRow } from '../db/schema';

/**
 * The groups in the proxy's header (oauth2-proxy's X-Forwarded-Groups: a comma-separated list;
 * a header sent twice arrives joined by commas), trimmed, without empties or repeats, sorted,
 * so that the same groups in another order are the same groups.
 */
export function groupsOf(value: string | string[] | undefined): string[] {
  const list = [value ?? []].flat().join(',');
  const groups = list.split(',').map((group) => group.trim());
  return [...new Set(groups.filter(Boolean))].sort();
}

/** Each permission each group gives, with the group it comes from. */
export function groupPermissionsOf(
  groups: readonly string[],
  mapping: GroupMapping,
): GroupPermission[] {
  return groups.flatMap((group) => (mapping.get(group) ?? []).map((name) => ({ name, group })));
}

export const sameGroups = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((group, i) => group === b[i]);

/**
 * What `user` holds as an admin (when enabled): the stored permissions and, behind the proxy
 * with `mapping`, those the sign-on groups they came with last give. Every check that weighs
 * an admin's permissions counts both.
 */
export function heldPermissions(
  user: Pick<UserRow, 'admin_permissions' | 'sso_groups'>,
  mapping: GroupMapping | undefined,
): string[] {
  const fromGroups = mapping ? groupPermissionsOf(user.sso_groups, mapping) : [];
  return [...new Set([...user.admin_permissions, ...fromGroups.map((p) => p.name)])];
}

/** The groups that `mapping` maps to `permission`. */
export const groupsGiving = (permission: string, mapping: GroupMapping | undefined) =>
  [...(mapping ?? [])].filter(([, names]) => names.includes(permission)).map(([group]) => group);
