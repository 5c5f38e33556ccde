import { sql } from 'kysely';
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

/** 409 when taking `target` out of the active admins would leave none (after lockAdminSet). */
export async function assertAnotherAdminRemains(trx: Database, target: UserRow): Promise<void> {
  if (!isActiveAdmin(target)) return;
  const other = await trx
    .selectFrom('users')
    .select('id')
    .where('admin_enabled', '=', true)
    .where('status', '<>', 'disabled')
    .where('id', '<>', target.id)
    .limit(1)
    .executeTakeFirst();
  if (!other) throw conflict('At least one admin must remain', 'last_admin');
}

export const cannotDisableSelf = () =>
  conflict('You cannot disable your own account', 'self_disable');
