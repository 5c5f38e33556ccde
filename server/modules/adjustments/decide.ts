import { sql } from 'kysely';
import type { z } from 'zod';
import {
  type ADJUSTMENT_DECISIONS,
  type AdjustmentBulkResponse,
  type AdjustmentDetail,
  CREDIT_SECOND_APPROVER,
  OWN_CREDIT,
} from '../../../contract/adjustments';
import {
  alreadyDecided,
  lockPlayers,
  type Refusal,
  refusalError,
  skippedOf,
  userDisabled,
} from '../../approvals/decisions';
import { type Actor, type AuditEntry, auditMany } from '../../audit/audit';
import type { Database } from '../../db/connect';
import { conflict, unauthorized } from '../../http/errors';
import { type AdjustmentRow, presentAdjustment } from './present';
import { adjustmentNotFound, getAdjustment, idIn, parseAdjustmentId } from './queries';

export interface DecisionInput {
  action: (typeof ADJUSTMENT_DECISIONS)[number];
  note?: string | undefined;
}

const STATUS_OF = { approve: 'approved', reject: 'rejected' } as const;

/** A pending adjustment and its player, as an approval weighs them. */
export interface Candidate {
  id: number;
  /** The player's users.id: an admin's own account's credit is theirs. */
  ownerId: number | null;
  userDisabled: boolean;
  /** users.id of the admin who asked for the credit. */
  requestedBy: number;
}

const ownCredit: Refusal = { status: 403, code: 'own_account', error: OWN_CREDIT };
const secondApproverRequired: Refusal = {
  status: 409,
  code: 'second_approver_required',
  error: CREDIT_SECOND_APPROVER,
};

type Rule = (
  trx: Database,
  row: Candidate,
  actor: Actor,
) => Refusal | null | Promise<Refusal | null>;

/** Why `actor` may not approve, checked in this order: the first rule that refuses answers. */
const APPROVAL_RULES: Rule[] = [
  (_trx, row, actor) => (row.ownerId === actor.id ? ownCredit : null),
  (_trx, row) => (row.userDisabled ? userDisabled : null),
  (_trx, row, actor) => (row.requestedBy === actor.id ? secondApproverRequired : null),
];

/** Why `actor` may not approve this pending adjustment now, if they may not. */
export async function approvalRefusal(
  trx: Database,
  row: Candidate,
  actor: Actor,
): Promise<Refusal | null> {
  for (const rule of APPROVAL_RULES) {
    const refusal = await rule(trx, row, actor);
    if (refusal) return refusal;
  }
  return null;
}

/**
 * Locks whichever of `ids` are still pending, then their players, each in id order (as every
 * decision does, so two never deadlock): a concurrent decision waits for the first to commit and
 * then sees the adjustment decided, and the player as it left them.
 */
async function lockPending(trx: Database, ids: number[]) {
  const pending = await trx
    .selectFrom('adjustments')
    .select(['id', 'user_id', 'delta', 'requested_by'])
    .where(idIn(ids))
    .where('status', '=', 'pending')
    .orderBy('id')
    .forUpdate()
    .execute();
  if (pending.length === 0) return [];
  const playerOf = await lockPlayers(trx, [...new Set(pending.map((row) => row.user_id))]);
  return pending.map((row) => {
    const player = playerOf.get(row.user_id);
    return {
      ...row,
      ownerId: player?.id ?? null,
      userDisabled: player?.status === 'disabled',
      requestedBy: row.requested_by,
      balance: player?.balance ?? 0,
    };
  });
}

type Locked = Awaited<ReturnType<typeof lockPending>>[number];

/** The audit rows of credits applied, on each player's timeline: the balance before and after. */
function approvalEntries(rows: Locked[], note: string | null): AuditEntry[] {
  const balanceOf = new Map<string, number>();
  return rows.map((row) => {
    const before = balanceOf.get(row.user_id) ?? row.balance;
    balanceOf.set(row.user_id, before + row.delta);
    return {
      action: 'adjustment.approve',
      entity: 'user',
      entityId: row.user_id,
      before: { status: 'pending', balance: before },
      after: {
        status: 'approved',
        balance: before + row.delta,
        adjustmentId: String(row.id),
        delta: row.delta,
        decisionNote: note,
      },
    };
  });
}

/** Adds the credits of these adjustments (just approved) to their players' balances. */
async function credit(trx: Database, ids: number[]): Promise<void> {
  await sql`
    UPDATE users AS u
    SET balance = u.balance + c.points, updated_at = now()
    FROM (
      SELECT user_id, sum(delta) AS points
      FROM adjustments WHERE id = ANY(${ids}) GROUP BY user_id
    ) AS c
    WHERE u.user_id = c.user_id`.execute(trx);
}

/**
 * Decides whichever of `ids` are still pending: an approval refused by a rule leaves its
 * adjustment as it is; the others are approved, their credits added to the balances in the
 * same transaction, or rejected (no balance changes). Every change gets its audit row; every
 * write is one statement whatever the number of ids. Call it inside a transaction.
 */
async function decidePending(
  trx: Database,
  actor: Actor,
  ids: number[],
  { action, note: rawNote }: DecisionInput,
) {
  if (actor.id === null) throw unauthorized();
  const locked = await lockPending(trx, ids);
  const refused = new Map<number, Refusal>();
  const toDecide: Locked[] = [];
  for (const row of locked) {
    const refusal = action === 'approve' ? await approvalRefusal(trx, row, actor) : null;
    if (refusal) refused.set(row.id, refusal);
    else toDecide.push(row);
  }
  const decided = toDecide.map((row) => row.id);
  const note = rawNote || null;
  if (decided.length > 0) {
    const status = STATUS_OF[action];
    await trx
      .updateTable('adjustments')
      .set({
        status,
        decided_by: actor.id,
        decided_at: sql<Date>`now()`,
        decision_note: note,
        updated_at: sql<Date>`now()`,
      })
      .where(idIn(decided))
      .execute();
    if (action === 'approve') await credit(trx, decided);
    await auditMany(
      trx,
      actor,
      action === 'approve'
        ? approvalEntries(toDecide, note)
        : toDecide.map((row) => ({
            action: 'adjustment.reject',
            entity: 'user',
            entityId: row.user_id,
            before: { status: 'pending' },
            after: { status, adjustmentId: String(row.id), delta: row.delta, decisionNote: note },
          })),
    );
  }
  return { decided, refused };
}

/**
 * PATCH /admin/adjustments/{id}/decision: 404 if unknown, 409 'already {status}' if decided,
 * 403 own_account or 409 user_disabled / second_approver_required for a refused approval.
 */
export async function decideAdjustment(
  db: Database,
  actor: Actor,
  rawId: string,
  input: DecisionInput,
): Promise<AdjustmentRow> {
  const id = parseAdjustmentId(rawId);
  if (id === null) throw adjustmentNotFound();
  return db.transaction().execute(async (trx) => {
    const { decided, refused } = await decidePending(trx, actor, [id], input);
    const refusal = refused.get(id);
    if (refusal) throw refusalError(refusal);
    if (decided.length === 0) {
      const current = await trx
        .selectFrom('adjustments')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!current) throw adjustmentNotFound();
      throw conflict(alreadyDecided(current.status), 'already_decided');
    }
    return getAdjustment(trx, id);
  });
}

/** PATCH /admin/adjustments/bulk: decides the pending ones, says why each other id was skipped. */
export async function decideAdjustments(
  db: Database,
  actor: Actor,
  rawIds: string[],
  input: DecisionInput,
): Promise<z.infer<typeof AdjustmentBulkResponse>> {
  const unique = [...new Set(rawIds)];
  const ids = unique.map(parseAdjustmentId).filter((id) => id !== null);
  return db.transaction().execute(async (trx) => {
    const { decided, refused } = await decidePending(trx, actor, ids, input);
    const changed = new Set(decided);
    const left = await trx
      .selectFrom('adjustments')
      .select(['id', 'status'])
      .where(idIn(ids.filter((id) => !changed.has(id))))
      .execute();
    const skipped = skippedOf(unique, parseAdjustmentId, {
      changed,
      refusalOf: (id) => refused.get(id)?.error,
      statusOf: new Map(left.map((row) => [row.id, row.status])),
    });
    return { ok: true as const, updated: decided.length, skipped };
  });
}

/** GET /admin/adjustments/{id}: the adjustment and why the signed-in admin may not approve it. */
export async function adjustmentDetail(
  db: Database,
  actor: Actor,
  rawId: string,
): Promise<AdjustmentDetail> {
  const row = await getAdjustment(db, parseAdjustmentId(rawId));
  const refusal =
    row.status === 'pending'
      ? await approvalRefusal(
          db,
          {
            id: row.id,
            ownerId: row.owner_id,
            userDisabled: row.user_status === 'disabled',
            requestedBy: row.requested_by,
          },
          actor,
        )
      : { status: 409 as const, code: 'already_decided', error: alreadyDecided(row.status) };
  return {
    ...presentAdjustment(row),
    approvalRefusal: refusal && { code: refusal.code, error: refusal.error },
  };
}
