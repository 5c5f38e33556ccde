import { sql } from 'kysely';
import type { BulkDecisionResponse, Decision } from '../../../contract/withdrawals';
import { type Actor, auditMany } from '../../audit/audit';
import type { Database } from '../../db/connect';
import { conflict } from '../../http/errors';
import type { WithdrawalRow } from './present';
import { getWithdrawal, idIn, parseWithdrawalId, withdrawalNotFound } from './queries';

export interface DecisionInput {
  action: Decision;
  adminNote?: string | undefined;
}

const STATUS_OF = { approve: 'approved', reject: 'rejected' } as const;

const alreadyDecided = (status: string) => `already ${status}`;

/** Why an approval is refused: no payout to an account an admin has disabled. */
export const USER_DISABLED = 'This user is disabled.';

interface Decided {
  /** The ids decided now. */
  decided: number[];
  /** Pending ids left undecided: approvals of a disabled player's withdrawals. */
  userDisabled: number[];
}

/**
 * Locks whichever of `ids` are still pending, then their players, each in id order (every
 * decision takes them in that order, so two never deadlock): a concurrent decision waits for the
 * first to commit and then no longer sees the row pending, and a player disabled meanwhile is
 * seen disabled. Answers each locked withdrawal's id and whether its player is disabled.
 */
async function lockPending(trx: Database, ids: number[]) {
  const pending = await trx
    .selectFrom('withdrawals')
    .select(['id', 'user_id'])
    .where(idIn(ids))
    .where('status', '=', 'pending')
    .orderBy('id')
    .forUpdate()
    .execute();
  if (pending.length === 0) return [];
  const players = await trx
    .selectFrom('users')
    .select(['user_id', 'status'])
    .where((eb) => eb('user_id', '=', eb.fn.any(eb.val(pending.map((row) => row.user_id)))))
    .orderBy('id')
    .forUpdate()
    .execute();
  const disabled = new Set(
    players.filter((row) => row.status === 'disabled').map((row) => row.user_id),
  );
  return pending.map((row) => ({ id: row.id, userDisabled: disabled.has(row.user_id) }));
}

/**
 * Decides whichever of `ids` are still pending, except that an approval skips a disabled
 * player's withdrawals. Rejects give the points back; every decided withdrawal gets its audit
 * row. Call it inside a transaction.
 */
async function decidePending(
  trx: Database,
  actor: Actor,
  ids: number[],
  { action, adminNote }: DecisionInput,
): Promise<Decided> {
  const locked = await lockPending(trx, ids);
  const blocked = (row: { userDisabled: boolean }) => action === 'approve' && row.userDisabled;
  const userDisabled = locked.filter(blocked).map((row) => row.id);
  const allowed = locked.filter((row) => !blocked(row)).map((row) => row.id);
  if (allowed.length === 0) return { decided: [], userDisabled };

  const status = STATUS_OF[action];
  const note = adminNote || null;
  const decided = await trx
    .updateTable('withdrawals')
    .set({
      status,
      admin_note: note,
      decided_at: sql<Date>`now()`,
      decided_by: actor.id,
      updated_at: sql<Date>`now()`,
    })
    .where(idIn(allowed))
    .where('status', '=', 'pending')
    .returning(['id', 'points_spent'])
    .execute();

  const decidedIds = decided.map((row) => row.id);
  if (action === 'reject') await refund(trx, decidedIds);
  await auditMany(
    trx,
    actor,
    decided.map((row) => ({
      action: `withdrawal.${action}`,
      entity: 'withdrawal',
      entityId: String(row.id),
      before: { status: 'pending' },
      after: {
        status,
        adminNote: note,
        ...(action === 'reject' ? { refundedPoints: row.points_spent } : {}),
      },
    })),
  );
  return { decided: decidedIds, userDisabled };
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
 * 409 'This user is disabled.' to approve a disabled player's withdrawal.
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
    const { decided, userDisabled } = await decidePending(trx, actor, [id], input);
    if (userDisabled.length > 0) throw conflict(USER_DISABLED, 'user_disabled');
    if (decided.length === 0) {
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

/** PATCH /admin/withdrawals/bulk: decides the pending ones, says why each other id was skipped. */
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
    const decided = new Set(outcome.decided);
    const userDisabled = new Set(outcome.userDisabled);
    const left = await trx
      .selectFrom('withdrawals')
      .select(['id', 'status'])
      .where(idIn(ids.filter((id) => !decided.has(id))))
      .execute();
    const statusOf = new Map(left.map((row) => [row.id, row.status]));

    const skipped: BulkDecisionResponse['skipped'] = [];
    for (const raw of unique) {
      const id = parseWithdrawalId(raw);
      if (id !== null && decided.has(id)) continue;
      const status = id === null ? undefined : statusOf.get(id);
      const reason =
        id !== null && userDisabled.has(id)
          ? USER_DISABLED
          : status
            ? alreadyDecided(status)
            : 'not found';
      skipped.push({ id: raw, reason });
    }
    return { ok: true as const, updated: decided.size, skipped };
  });
}
