import { sql } from 'kysely';
import {
  type BulkDecisionResponse,
  type Decision,
  OWN_WITHDRAWAL,
  type RejectReason,
  SECOND_APPROVER_REQUIRED,
} from '../../../contract/withdrawals';
import { alreadyDecided, lockPlayers, skippedOf, USER_DISABLED } from '../../approvals/decisions';
import { type Actor, type AuditEntry, auditMany } from '../../audit/audit';
import type { Database } from '../../db/connect';
import { ApiError, conflict, unauthorized } from '../../http/errors';
import type { WithdrawalRow } from './present';
import { getWithdrawal, idIn, parseWithdrawalId, withdrawalNotFound } from './queries';
import { approvalsRequired, readThreshold } from './threshold';

export interface DecisionInput {
  action: Decision;
  adminNote?: string | undefined;
  /** Only with a reject (the body's schema sees to it). */
  reasonCode?: RejectReason | undefined;
}

const STATUS_OF = { approve: 'approved', reject: 'rejected' } as const;

/** Why an approval of a locked withdrawal is refused: a bulk's reason, a single decision's error. */
const REFUSALS = {
  own_withdrawal: {
    reason: OWN_WITHDRAWAL,
    error: () => new ApiError(403, 'own_withdrawal', OWN_WITHDRAWAL),
  },
  user_disabled: { reason: USER_DISABLED, error: () => conflict(USER_DISABLED, 'user_disabled') },
  second_approver_required: {
    reason: SECOND_APPROVER_REQUIRED,
    error: () => conflict(SECOND_APPROVER_REQUIRED, 'second_approver_required'),
  },
} as const;

type Refusal = keyof typeof REFUSALS;

interface Locked {
  id: number;
  /** The player's users.id: an admin's own withdrawal is theirs. */
  ownerId: number | undefined;
  userDisabled: boolean;
  firstApprovedBy: number | null;
  /** As fixed by the first approval, else as the threshold read in this transaction makes it. */
  required: number;
}

interface Outcome {
  /** The ids approved or rejected now. */
  decided: number[];
  /** The ids given the first of their two approvals now (still pending). */
  firstApproved: number[];
  /** Pending ids left as they were, with why. */
  refused: Map<number, Refusal>;
}

/**
 * Locks whichever of `ids` are still pending, then their players, each in id order (every
 * decision takes them in that order, so two never deadlock): a concurrent decision or approval
 * waits for the first to commit and then sees the row as it left it (decided, or with its first
 * approval), and a player disabled meanwhile is seen disabled.
 */
async function lockPending(trx: Database, ids: number[], threshold: string | null) {
  const pending = await trx
    .selectFrom('withdrawals as w')
    .select([
      'w.id',
      'w.user_id',
      'w.first_approved_by',
      approvalsRequired(threshold).as('required'),
    ])
    .where((eb) => eb('w.id', '=', eb.fn.any(eb.val(ids))))
    .where('w.status', '=', 'pending')
    .orderBy('w.id')
    .forUpdate()
    .execute();
  if (pending.length === 0) return [];
  const playerOf = await lockPlayers(
    trx,
    pending.map((row) => row.user_id),
  );
  return pending.map(
    (row): Locked => ({
      id: row.id,
      ownerId: playerOf.get(row.user_id)?.id,
      userDisabled: playerOf.get(row.user_id)?.status === 'disabled',
      firstApprovedBy: row.first_approved_by,
      required: row.required,
    }),
  );
}

/** Why `actor` may not approve this withdrawal now, if they may not. */
function approvalRefusal(row: Locked, actor: Actor): Refusal | null {
  if (row.ownerId === actor.id) return 'own_withdrawal';
  if (row.userDisabled) return 'user_disabled';
  if (row.required === 2 && row.firstApprovedBy === actor.id) return 'second_approver_required';
  return null;
}

/** `approvals_required` fixed for good, as each row required when locked: one expression. */
function fixedRequired(rows: Locked[]) {
  const twos = rows.filter((row) => row.required === 2).map((row) => row.id);
  return sql<number>`CASE WHEN id = ANY(${twos}::bigint[]) THEN 2 ELSE 1 END`;
}

/**
 * Decides whichever of `ids` are still pending. An approval refuses an admin's own withdrawal,
 * a disabled player's, and the second approval by the admin who gave the first; it records the
 * first approval of one needing two and approves the rest. Rejects give the points back. Every
 * change gets its audit row; every write is one statement whatever the number of ids. Call it
 * inside a transaction.
 */
async function decidePending(
  trx: Database,
  actor: Actor,
  ids: number[],
  { action, adminNote, reasonCode }: DecisionInput,
): Promise<Outcome> {
  if (actor.id === null) throw unauthorized();
  // As the decision starts: a threshold saved while it waits for a lock applies to the next one
  // (either way what it fixes on the row is what the row keeps).
  const threshold = await readThreshold(trx);
  const locked = await lockPending(trx, ids, threshold);
  const refused = new Map<number, Refusal>();
  const toFirstApprove: Locked[] = [];
  const toDecide: Locked[] = [];
  for (const row of locked) {
    const refusal = action === 'approve' ? approvalRefusal(row, actor) : null;
    if (refusal) refused.set(row.id, refusal);
    else if (action === 'approve' && row.required === 2 && row.firstApprovedBy === null) {
      toFirstApprove.push(row);
    } else toDecide.push(row);
  }

  const note = adminNote || null;
  const firstApproved = await recordFirstApprovals(trx, actor.id, toFirstApprove, note);
  const status = STATUS_OF[action];
  const decided =
    toDecide.length === 0
      ? []
      : await trx
          .updateTable('withdrawals')
          .set({
            status,
            admin_note: note,
            decided_at: sql<Date>`now()`,
            decided_by: actor.id,
            updated_at: sql<Date>`now()`,
            approvals_required: fixedRequired(toDecide),
            ...(action === 'reject' ? { reason_code: reasonCode ?? null } : {}),
          })
          .where(idIn(toDecide.map((row) => row.id)))
          .where('status', '=', 'pending')
          .returning(['id', 'points_spent', 'approvals_required'])
          .execute();

  const decidedIds = decided.map((row) => row.id);
  if (action === 'reject' && decidedIds.length > 0) await refund(trx, decidedIds);
  const entries: AuditEntry[] = firstApproved.map((id) => ({
    action: 'withdrawal.approval',
    entity: 'withdrawal',
    entityId: String(id),
    before: { approvals: 0 },
    after: { approvals: 1, approvalsRequired: 2, adminNote: note },
  }));
  for (const row of decided) {
    entries.push({
      action: `withdrawal.${action}`,
      entity: 'withdrawal',
      entityId: String(row.id),
      before: { status: 'pending' },
      after:
        action === 'approve'
          ? {
              status,
              adminNote: note,
              // Approving is the last approval: as many as were required.
              approvals: row.approvals_required,
              approvalsRequired: row.approvals_required,
            }
          : {
              status,
              adminNote: note,
              reasonCode: reasonCode ?? null,
              refundedPoints: row.points_spent,
            },
    });
  }
  await auditMany(trx, actor, entries);
  return { decided: decidedIds, firstApproved, refused };
}

/** Gives these locked withdrawals their first of two approvals, by `adminId`: one statement. */
async function recordFirstApprovals(
  trx: Database,
  adminId: number,
  rows: Locked[],
  note: string | null,
): Promise<number[]> {
  if (rows.length === 0) return [];
  const updated = await trx
    .updateTable('withdrawals')
    .set({
      approvals_required: 2,
      first_approved_by: adminId,
      first_approved_at: sql<Date>`now()`,
      first_approval_note: note,
      updated_at: sql<Date>`now()`,
    })
    .where(idIn(rows.map((row) => row.id)))
    .where('status', '=', 'pending')
    .where('first_approved_by', 'is', null)
    .returning('id')
    .execute();
  return updated.map((row) => row.id);
}

/** Gives the points of these withdrawals back to their players (locked): summed per player. */
async function refund(trx: Database, ids: number[]): Promise<void> {
  await sql`
    UPDATE users AS u
    SET balance = u.balance + r.points, updated_at = now()
    FROM (
      SELECT user_id, sum(points_spent) AS points
      FROM withdrawals WHERE id = ANY(${ids}) GROUP BY user_id
    ) AS r
    WHERE u.user_id = r.user_id`.execute(trx);
}

/**
 * PATCH /admin/withdrawals/{id}/decision: 404 if unknown, 409 'already {status}' if decided,
 * 403 own_withdrawal, 409 user_disabled or second_approver_required for a refused approval.
 * A first approval of two answers the withdrawal, still pending.
 */
export async function decideWithdrawal(
  db: Database,
  actor: Actor,
  rawId: string,
  input: DecisionInput,
): Promise<WithdrawalRow> {
  const id = parseWithdrawalId(rawId);
  if (id === null) throw withdrawalNotFound();
  return db.transaction().execute(async (trx) => {
    const { decided, firstApproved, refused } = await decidePending(trx, actor, [id], input);
    const refusal = refused.get(id);
    if (refusal) throw REFUSALS[refusal].error();
    if (decided.length === 0 && firstApproved.length === 0) {
      const current = await trx
        .selectFrom('withdrawals')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!current) throw withdrawalNotFound();
      throw conflict(alreadyDecided(current.status), 'already_decided');
    }
    return getWithdrawal(trx, id);
  });
}

/**
 * PATCH /admin/withdrawals/bulk: decides the pending ones (an approval of one needing two gives
 * its first), says why each other id was skipped. Each unique id is counted once.
 */
export async function decideWithdrawals(
  db: Database,
  actor: Actor,
  rawIds: string[],
  input: DecisionInput,
): Promise<BulkDecisionResponse> {
  const unique = [...new Set(rawIds)];
  const ids = unique.map(parseWithdrawalId).filter((id) => id !== null);
  return db.transaction().execute(async (trx) => {
    const outcome = await decidePending(trx, actor, ids, input);
    const changed = new Set([...outcome.decided, ...outcome.firstApproved]);
    const left = await trx
      .selectFrom('withdrawals')
      .select(['id', 'status'])
      .where(idIn(ids.filter((id) => !changed.has(id))))
      .execute();
    const statusOf = new Map(left.map((row) => [row.id, row.status]));

    const skipped = skippedOf(unique, parseWithdrawalId, {
      changed,
      refusalOf: (id) => {
        const refusal = outcome.refused.get(id);
        return refusal && REFUSALS[refusal].reason;
      },
      statusOf,
    });
    return {
      ok: true as const,
      updated: outcome.decided.length,
      awaitingSecondApproval: outcome.firstApproved.length,
      skipped,
    };
  });
}
