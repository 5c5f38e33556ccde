import type { ApprovalRefusal } from '../../../contract/adjustments';
import { OWN_WITHDRAWAL, SECOND_APPROVER_REQUIRED } from '../../../contract/withdrawals';
import { type Refusal, userDisabled } from '../../approvals/decisions';
import { approversNotIndependent } from '../../approvals/independence';
import type { Database } from '../../db/connect';
import { approvalsRequired, readThreshold } from './threshold';

export type { Refusal };

/** What an approval of a pending withdrawal depends on. */
export interface Approvable {
  id: number;
  /** The player's users.id: an admin's own withdrawal is theirs. */
  ownerId: number | undefined;
  userDisabled: boolean;
  firstApprovedBy: number | null;
  /** As fixed by the first approval, else as the threshold read in this transaction makes it. */
  required: number;
}

/**
 * Why admin `actorId` may not approve `row` now, or null. Only a second approval reads the
 * audit log (are the two approvers independent?), once per first approver: `seen` remembers.
 */
export async function approvalRefusal(
  trx: Database,
  row: Approvable,
  actorId: number,
  seen = new Map<number, string | null>(),
): Promise<Refusal | null> {
  if (row.ownerId === actorId)
    return { status: 403, code: 'own_withdrawal', error: OWN_WITHDRAWAL };
  if (row.userDisabled) return userDisabled;
  if (row.required !== 2 || row.firstApprovedBy === null) return null;
  const first = row.firstApprovedBy;
  if (first === actorId) {
    return { status: 409, code: 'second_approver_required', error: SECOND_APPROVER_REQUIRED };
  }
  if (!seen.has(first)) seen.set(first, await approversNotIndependent(trx, first, actorId));
  const linked = seen.get(first);
  return linked ? { status: 409, code: 'approvers_not_independent', error: linked } : null;
}

/**
 * GET one's approvalRefusal: why the signed-in admin may not approve this withdrawal now, as
 * the decision would answer; null when they may, or when it is no longer pending.
 */
export async function approvalRefusalOf(
  db: Database,
  actorId: number | null,
  id: number,
): Promise<ApprovalRefusal> {
  if (actorId === null) return null;
  return db.transaction().execute(async (trx) => {
    const threshold = await readThreshold(trx);
    const row = await trx
      .selectFrom('withdrawals as w')
      .leftJoin('users as u', 'u.user_id', 'w.user_id')
      .select([
        'w.id',
        'u.id as ownerId',
        'u.status',
        'w.first_approved_by',
        approvalsRequired(threshold).as('required'),
      ])
      .where('w.id', '=', id)
      .where('w.status', '=', 'pending')
      .executeTakeFirst();
    if (!row) return null;
    const approvable: Approvable = {
      id: row.id,
      ownerId: row.ownerId ?? undefined,
      userDisabled: row.status === 'disabled',
      firstApprovedBy: row.first_approved_by,
      required: row.required,
    };
    const refusal = await approvalRefusal(trx, approvable, actorId);
    return refusal && { code: refusal.code, error: refusal.error };
  });
}
