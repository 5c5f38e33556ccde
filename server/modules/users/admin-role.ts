import { EVERYTHING, isGrantable, PERMISSION_CATALOGUE } from '../../../contract/permissions';
import type { AdminRole } from '../../../contract/users';
import { adminRoleOf } from '../../auth/present-user';
import { heldPermissions } from '../../auth/sso-groups';
import type { Database } from '../../db/connect';
import { ApiError, conflict, invalidInput } from '../../http/errors';
import { assertAnotherAdminRemains, assertAnotherFullAdminRemains, lockAdminSet } from './admins';
import { assertMayChange, auditUser, type Caller, isSelf, notHeldBy } from './caller';
import { findUser, lockUser, updateUserRow } from './queries';

const ADMIN = 'admin';

/** 403 naming what the caller would hand out without holding it. */
function cannotGive(caller: Caller, permissions: readonly string[]): void {
  const [first] = notHeldBy(caller, permissions);
  if (first === undefined) return;
  throw new ApiError(
    403,
    'forbidden',
    `You can only grant permissions you hold: ${first}`,
    undefined,
    undefined,
    { permission: first },
  );
}

/**
 * PATCH /admin/users/{id}/role. Promoting enables the admin flag and adds the 'admin' role;
 * demoting clears both and keeps the permissions. No self-demotion, never zero admins, never
 * none holding `*`. Promoting gives no permission, but brings back those kept from before:
 * only an admin holding them may.
 */
export async function setAdminRole(
  db: Database,
  caller: Caller,
  userId: string,
  makeAdmin: boolean,
): Promise<AdminRole> {
  if (!makeAdmin && isSelf(caller, userId)) {
    throw conflict('You cannot remove your own admin role', 'self_demotion');
  }
  return db.transaction().execute(async (trx) => {
    if (!makeAdmin) await lockAdminSet(trx);
    const row = await lockUser(trx, userId);
    const unchanged =
      row.admin_enabled === makeAdmin && row.admin_roles.includes(ADMIN) === makeAdmin;
    if (unchanged) return adminRoleOf(row);
    if (makeAdmin) cannotGive(caller, heldPermissions(row, caller.groupMapping));
    else {
      await assertAnotherAdminRemains(trx, row, caller.groupMapping);
      assertMayChange(caller, row);
    }

    const updated = await updateUserRow(trx, row.id, {
      admin_enabled: makeAdmin,
      admin_roles: makeAdmin
        ? [...new Set([...row.admin_roles, ADMIN])]
        : row.admin_roles.filter((r) => r !== ADMIN),
    });
    // The permissions, the same on both sides (timelines show no change), say what a promotion
    // brings back: whoever brings back an approving power chooses an approver (approvals/).
    const permissions = row.admin_permissions;
    await auditUser(trx, caller, 'user.role', userId, {
      before: { enabled: row.admin_enabled, roles: row.admin_roles, permissions },
      after: { enabled: updated.admin_enabled, roles: updated.admin_roles, permissions },
    });
    return adminRoleOf(updated);
  });
}

/** Trimmed, without empties or repeats, in the order given. */
const cleanList = (values: string[] = []) => [
  ...new Set(values.map((v) => v.trim()).filter(Boolean)),
];

const VALID_NAMES = PERMISSION_CATALOGUE.map((p) => p.name).join(', ');

/** 400 naming the first name granted that is not in the catalogue, with the valid ones. */
function refuseUnknown(grant: readonly string[]): void {
  const unknown = grant.find((name) => !isGrantable(name));
  if (unknown === undefined) return;
  throw invalidInput(
    'grant',
    `Unknown permission: ${unknown}. Valid permissions are ${VALID_NAMES}`,
  );
}

/** The permissions after granting `grant` and then revoking `revoke`. */
const afterChange = (current: readonly string[], grant: string[], revoke: Set<string>) =>
  [...current, ...grant.filter((p) => !current.includes(p))].filter((p) => !revoke.has(p));

/**
 * PATCH /admin/users/{id}/permissions: grant appends the new ones, then revoke removes. Only
 * names of the catalogue are granted, only by an admin holding them, never to oneself; the last
 * active admin holding `*` keeps it.
 */
export async function updatePermissions(
  db: Database,
  caller: Caller,
  userId: string,
  body: { grant?: string[]; revoke?: string[] },
): Promise<AdminRole> {
  const grant = cleanList(body.grant);
  const revoke = new Set(cleanList(body.revoke));
  refuseUnknown(grant);
  if (grant.length > 0 && isSelf(caller, userId)) {
    throw new ApiError(403, 'self_grant', 'You cannot grant permissions to yourself');
  }
  cannotGive(caller, grant);
  if (grant.length === 0 && revoke.size === 0) return adminRoleOf(await findUser(db, userId));

  return db.transaction().execute(async (trx) => {
    if (revoke.has(EVERYTHING)) await lockAdminSet(trx);
    const row = await lockUser(trx, userId);
    const current = row.admin_permissions;
    const next = afterChange(current, grant, revoke);
    const same = next.length === current.length && next.every((p, i) => p === current[i]);
    if (same) return adminRoleOf(row);
    const keepsEverything = heldPermissions(
      { ...row, admin_permissions: next },
      caller.groupMapping,
    ).includes(EVERYTHING);
    if (!keepsEverything) await assertAnotherFullAdminRemains(trx, row, caller.groupMapping);
    if (current.some((p) => !next.includes(p))) assertMayChange(caller, row);

    const updated = await updateUserRow(trx, row.id, { admin_permissions: next });
    await auditUser(trx, caller, 'user.permissions', userId, {
      before: { permissions: current },
      after: { permissions: next },
    });
    return adminRoleOf(updated);
  });
}
