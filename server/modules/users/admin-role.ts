import type { AdminRole } from '../../../contract/users';
import { adminRoleOf } from '../../auth/present-user';
import type { Database } from '../../db/connect';
import { conflict } from '../../http/errors';
import { assertAnotherAdminRemains, lockAdminSet } from './admins';
import { auditUser, type Caller, isSelf } from './caller';
import { findUser, lockUser, updateUserRow } from './queries';

const ADMIN = 'admin';

/**
 * PATCH /admin/users/{id}/role. Promoting enables the admin flag and adds the 'admin' role;
 * demoting clears both and keeps the permissions. No self-demotion, and never zero admins.
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
    if (!makeAdmin) await assertAnotherAdminRemains(trx, row);

    const updated = await updateUserRow(trx, row.id, {
      admin_enabled: makeAdmin,
      admin_roles: makeAdmin
        ? [...new Set([...row.admin_roles, ADMIN])]
        : row.admin_roles.filter((r) => r !== ADMIN),
    });
    await auditUser(trx, caller, 'user.role', userId, {
      before: { enabled: row.admin_enabled, roles: row.admin_roles },
      after: { enabled: updated.admin_enabled, roles: updated.admin_roles },
    });
    return adminRoleOf(updated);
  });
}

/** Trimmed, without empties or repeats, in the order given. */
const cleanList = (values: string[] = []) => [
  ...new Set(values.map((v) => v.trim()).filter(Boolean)),
];

/** PATCH /admin/users/{id}/permissions: grant appends the new ones, then revoke removes. */
export async function updatePermissions(
  db: Database,
  caller: Caller,
  userId: string,
  body: { grant?: string[]; revoke?: string[] },
): Promise<AdminRole> {
  const grant = cleanList(body.grant);
  const revoke = new Set(cleanList(body.revoke));
  if (grant.length === 0 && revoke.size === 0) return adminRoleOf(await findUser(db, userId));

  return db.transaction().execute(async (trx) => {
    const row = await lockUser(trx, userId);
    const current = row.admin_permissions;
    const next = [...current, ...grant.filter((p) => !current.includes(p))].filter(
      (p) => !revoke.has(p),
    );
    const same = next.length === current.length && next.every((p, i) => p === current[i]);
    if (same) return adminRoleOf(row);

    const updated = await updateUserRow(trx, row.id, { admin_permissions: next });
    await auditUser(trx, caller, 'user.permissions', userId, {
      before: { permissions: current },
      after: { permissions: next },
    });
    return adminRoleOf(updated);
  });
}
