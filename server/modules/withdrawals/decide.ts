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

/**
 * Decides whichever of `ids` are still pending, in one conditional update: a concurrent
 * decision on the same row waits for the first to commit, then no longer sees it pending, so a
 * withdrawal is decided (and refunded) at most once. Rejects give the points back; every decided
 * withdrawal gets its audit row. Answers the ids it decided. Call it inside a transaction.
 */
async function decidePending(
  trx: Database,
  actor: Actor,
  ids: number[],
  { action, adminNote }: DecisionInput,
): Promise<number[]> {
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
    .where(idIn(ids))
    .where('status', '=', 'pending')
    .returning(['id', 'points_spent'])
    .execute();
  if (decided.length === 0) return [];

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
  return decidedIds;
}

/** Gives the points of these withdrawals back to their players: one update, summed per player. */
async function refund(trx: Database, ids: number[]): Promise<void> {
  // Lock the players in id order first: two bulk rejects refunding the same players would
  // otherwise lock them in whatever order their joins run, and could deadlock.
  await sql`
    SELECT 1 FROM users
    WHERE user_id IN (SELECT user_id FROM withdrawals WHERE id = ANY(${ids}))
    ORDER BY id FOR UPDATE`.execute(trx);
  await sql`
    UPDATE users AS u
    SET balance = u.balance + r.points, updated_at = now()
    FROM (
      SELECT user_id, sum(points_spent) AS points
      FROM withdrawals WHERE id = ANY(${ids}) GROUP BY user_id
    ) AS r
    WHERE u.user_id = r.user_id`.execute(trx);
}

/** PATCH /admin/withdrawals/{id}/decision: 404 if unknown, 409 'already {status}' if decided. */
export async function decideWithdrawal(
  db: Database,
  actor: Actor,
  rawId: string,
  input: DecisionInput,
): Promise<WithdrawalRow> {
  const id = parseWithdrawalId(rawId);
  if (id === null) throw withdrawalNotFound();
  return db.transaction().execute(async (trx) => {
    const [decided] = await decidePending(trx, actor, [id], input);
    if (decided === undefined) {
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
    const decided = new Set(await decidePending(trx, actor, ids, input));
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
      skipped.push({ id: raw, reason: status ? alreadyDecided(status) : 'not found' });
    }
    return { ok: true as const, updated: decided.size, skipped };
  });
}
