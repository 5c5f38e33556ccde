import { sql } from 'kysely';
import { USE_MY_ACCOUNT } from '../../../contract/account';
import { OWN_ACCOUNT } from '../../../contract/adjustments';
import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT } from '../../../contract/passwords';
import type { UserPatch } from '../../../contract/users';
import { adminPasswordProblem } from '../../auth/admin-password-rules';
import { hashPassword } from '../../auth/passwords';
import { revokeUserSessions } from '../../auth/sessions';
import type { Database } from '../../db/connect';
import { uniqueViolation } from '../../db/errors';
import type { UserRow, UserUpdate } from '../../db/schema';
import { ApiError, invalidInput } from '../../http/errors';
import { assertVersion } from '../../http/versions';
import { creditAwaitingApproval, requestCredit } from '../adjustments/credit';
import { assertAnotherAdminRemains, cannotDisableSelf, lockAdminSet } from './admins';
import { assertMayChange, auditUser, type Caller, isSelf } from './caller';
import { lockUser, updateUserRow } from './queries';

const TAKEN = { username: 'Username already taken', email: 'Email already in use' } as const;
type UniqueField = keyof typeof TAKEN;
const UNIQUE_INDEXES: Record<string, UniqueField> = {
  users_username_key: 'username',
  users_email_key: 'email',
};

function duplicate(fields: UniqueField[]): ApiError {
  const messages = Object.fromEntries(fields.map((f) => [f, TAKEN[f]]));
  return new ApiError(409, 'duplicate', TAKEN[fields[0] ?? 'username'], messages);
}

/** The editable fields, named as the API names them, with their current values. */
function editable(row: UserRow) {
  return {
    username: row.username,
    email: row.email,
    balance: row.balance,
    xp: row.xp,
    status: row.status,
    referredBy: row.referred_by,
  };
}
type Editable = ReturnType<typeof editable>;

/** What an admin may not change on their own account: value and standing, not the profile. */
const STANDING = ['balance', 'xp', 'status', 'referredBy'] as const;

/** 403 own_account when an admin's PATCH of their own account would change their standing. */
function assertNotOwnStanding(caller: Caller, userId: string, changes: Partial<Editable>) {
  if (isSelf(caller, userId) && STANDING.some((field) => changes[field] !== undefined)) {
    throw new ApiError(403, 'own_account', OWN_ACCOUNT);
  }
}

/** The fields of the patch whose value differs from the row's. */
function changesOf(row: UserRow, patch: UserPatch): Partial<Editable> {
  // The reason of a credit is the adjustment's, not a field of the user.
  const { adjustmentReason: _reason, adjustmentNote: _note, ...fields } = patch;
  const wanted: Partial<Editable> = {
    ...fields,
    ...(patch.referredBy !== undefined && { referredBy: patch.referredBy || null }),
  };
  const current = editable(row);
  return Object.fromEntries(
    Object.entries(wanted).filter(
      ([key, value]) => value !== undefined && current[key as keyof Editable] !== value,
    ),
  );
}

async function assertUnique(trx: Database, id: number, changes: Partial<Editable>) {
  const { username, email } = changes;
  if (username === undefined && email === undefined) return;
  const clashes = await trx
    .selectFrom('users')
    .select(['username', 'email'])
    .where('id', '<>', id)
    .where((eb) =>
      eb.or([
        ...(username === undefined ? [] : [eb(sql`lower(username)`, '=', username.toLowerCase())]),
        ...(email === undefined ? [] : [eb(sql`lower(email)`, '=', email.toLowerCase())]),
      ]),
    )
    .execute();
  const taken = (['username', 'email'] as const).filter((field) =>
    clashes.some((row) => row[field].toLowerCase() === changes[field]?.toLowerCase()),
  );
  if (taken.length > 0) throw duplicate(taken);
}

/** Writes the row; a unique name taken by a concurrent edit since our check answers 409 too. */
async function updateRow(trx: Database, id: number, set: UserUpdate): Promise<UserRow> {
  try {
    return await updateUserRow(trx, id, set);
  } catch (error) {
    const field = UNIQUE_INDEXES[uniqueViolation(error) ?? ''];
    if (field) throw duplicate([field]);
    throw error;
  }
}

/**
 * PATCH /admin/users/{id}: only the fields that change are written and audited. With
 * `ifMatch` (the updatedAt the form was loaded with), a user changed meanwhile, say by a
 * refund to the balance being edited, answers 409 instead of being overwritten. A credit needing
 * a second admin is recorded as a pending adjustment instead (answered beside the row).
 */
export function updateUser(
  db: Database,
  caller: Caller,
  userId: string,
  patch: UserPatch,
  ifMatch?: string,
) {
  const disabling = patch.status === 'disabled';
  if (disabling && isSelf(caller, userId)) throw cannotDisableSelf();
  return db.transaction().execute(async (trx) => {
    if (disabling) await lockAdminSet(trx);
    const row = await lockUser(trx, userId);
    assertVersion(row.updated_at, ifMatch, 'user');
    const changes = changesOf(row, patch);
    assertNotOwnStanding(caller, userId, changes);
    if (Object.keys(changes).length === 0) return { row, adjustment: null };
    if (changes.status === 'disabled') await assertAnotherAdminRemains(trx, row);
    assertMayChange(caller, row);
    await assertUnique(trx, row.id, changes);
    const credit = await creditAwaitingApproval(trx, row.balance, changes.balance, patch);
    // A credit waiting for a second admin leaves the balance as it is; the other fields apply.
    const { balance: _waiting, ...others } = changes;
    const applied = credit ? others : changes;
    const updated =
      Object.keys(applied).length === 0 ? row : await applyChanges(trx, caller, row, applied);
    const adjustment = credit ? await requestCredit(trx, caller.actor, userId, credit) : null;
    return { row: updated, adjustment };
  });
}

/** Writes the changes to the row and audits them: one `user.update` row. */
async function applyChanges(
  trx: Database,
  caller: Caller,
  row: UserRow,
  changes: Partial<Editable>,
): Promise<UserRow> {
  const { referredBy, ...same } = changes;
  const updated = await updateRow(trx, row.id, {
    ...same,
    ...(referredBy !== undefined && { referred_by: referredBy }),
  });
  if (changes.status === 'disabled') await revokeUserSessions(trx, row.id);
  const before = Object.fromEntries(
    Object.keys(changes).map((key) => [key, editable(row)[key as keyof Editable]]),
  );
  await auditUser(trx, caller, 'user.update', row.user_id, { before, after: changes });
  return updated;
}

/** DELETE /admin/users/{id}: disables and ends the user's sessions; nothing is deleted. */
export function disableUser(db: Database, caller: Caller, userId: string) {
  if (isSelf(caller, userId)) throw cannotDisableSelf();
  return db.transaction().execute(async (trx) => {
    await lockAdminSet(trx);
    const row = await lockUser(trx, userId);
    if (row.status === 'disabled') return row;
    await assertAnotherAdminRemains(trx, row);
    assertMayChange(caller, row);
    const updated = await updateUserRow(trx, row.id, { status: 'disabled' });
    await revokeUserSessions(trx, row.id);
    await auditUser(trx, caller, 'user.disable', userId, {
      before: { status: row.status },
      after: { status: 'disabled' },
    });
    return updated;
  });
}

/**
 * Why `password` is refused as the user's new one: an admin's follows the admin rules, except the
 * current-password one (answering 'the same as the current one' would tell the caller that
 * admin's password without changing it); a player's, the spec's minimum.
 */
function newPasswordProblem(row: UserRow, password: string): string | undefined {
  if (row.admin_enabled) return adminPasswordProblem(password, row);
  return password.length < PASSWORD_MIN_LENGTH ? PASSWORD_TOO_SHORT : undefined;
}

/**
 * POST /admin/users/{id}/password: another user's password; ends their sessions. One's own
 * needs the current password (My account), or a session left open could change it.
 */
export async function changePassword(
  db: Database,
  caller: Caller,
  userId: string,
  newPassword: string,
): Promise<void> {
  if (isSelf(caller, userId)) throw new ApiError(409, 'use_my_account', USE_MY_ACCOUNT);
  const passwordHash = await hashPassword(newPassword);
  await db.transaction().execute(async (trx) => {
    const row = await lockUser(trx, userId);
    assertMayChange(caller, row);
    const refused = newPasswordProblem(row, newPassword);
    if (refused) throw invalidInput('newPassword', refused);
    // A credential, not profile data: updatedAt (the edit form's If-Match version) stays, so
    // changing a password on the edit page does not make its next Save look stale.
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('id', '=', row.id)
      .execute();
    await revokeUserSessions(trx, row.id);
    // Never the password or its hash: only that it changed.
    await auditUser(trx, caller, 'user.password', userId, { after: { passwordChanged: true } });
  });
}
