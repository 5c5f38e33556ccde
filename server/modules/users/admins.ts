import { sql } from 'kysely';
import { EVERYTHING } from '../../../contract/permissions';
import { groupsGiving, heldPermissions } from '../../auth/sso-groups';
import type { GroupMapping } from '../../config';
import type { Database } from '../../db/connect';
import type { UserRow } from '../../db/schema';
import { conflict } from '../../http/errors';

/**
 * Serialises every change that can shrink the set of active admins (demote, disable), so two
 * concurrent ones cannot each see the other admin and both pass. Take it before any row lock.
 */
export async function lockAdminSet(trx: Database): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('rewards.admin-set'))`.execute(trx);
}

/** An admin who can use the console: enabled and not disabled. */
export const isActiveAdmin = (row: UserRow) => row.admin_enabled && row.status !== 'disabled';

/**
 * Another active admin than `target`, holding `*` (stored or from a sign-on group) when
 * `everything` is set.
 */
async function anotherActiveAdmin(
  trx: Database,
  target: UserRow,
  everything: boolean,
  groups: GroupMapping | undefined,
) {
  let query = trx
    .selectFrom('users')
    .select('id')
    .where('admin_enabled', '=', true)
    .where('status', '<>', 'disabled')
    .where('id', '<>', target.id);
  if (everything) {
    const giving = groupsGiving(EVERYTHING, groups);
    query = query.where(
      sql<boolean>`(${EVERYTHING} = ANY (admin_permissions) OR sso_groups && ${giving}::text[])`,
    );
  }
  return query.limit(1).executeTakeFirst();
}

/** Whether `target` is an active admin holding `*`, stored or from a sign-on group. */
export const holdsEverything = (target: UserRow, groups: GroupMapping | undefined) =>
  isActiveAdmin(target) && heldPermissions(target, groups).includes(EVERYTHING);

/**
 * 409 when `target` is the last active admin holding `*` and would lose it: someone must always
 * be able to grant everything back (after lockAdminSet).
 */
export async function assertAnotherFullAdminRemains(
  trx: Database,
  target: UserRow,
  groups: GroupMapping | undefined,
) {
  if (holdsEverything(target, groups) && !(await anotherActiveAdmin(trx, target, true, groups))) {
    throw conflict('At least one active admin must keep * (every permission)', 'last_full_admin');
  }
}

/**
 * 409 when taking `target` out of the active admins would leave none, or none holding `*`
 * (after lockAdminSet).
 */
export async function assertAnotherAdminRemains(
  trx: Database,
  target: UserRow,
  groups: GroupMapping | undefined,
): Promise<void> {
  if (!isActiveAdmin(target)) return;
  if (!(await anotherActiveAdmin(trx, target, false, groups)))
    throw conflict('At least one admin must remain', 'last_admin');
  await assertAnotherFullAdminRemains(trx, target, groups);
}

export const cannotDisableSelf = () =>
  conflict('You cannot disable your own account', 'self_disable');
