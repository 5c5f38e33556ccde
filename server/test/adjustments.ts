import type { Adjustment } from '../../contract/adjustments';
import { writeSetting } from '../settings/store';
import type { SignedIn } from './client';
import type { TestContext } from './harness';

// Credits waiting for a second admin, made as the console makes them.

/** The payout controls' points threshold, stored as the settings route stores it; null is off. */
export const setPointsThreshold = (t: Pick<TestContext, 'db'>, points: number | null) =>
  writeSetting(t.db, 'payouts', { secondApprovalFromUsd: null, secondApprovalFromPoints: points });

/**
 * A player with `balance` points (100 by default) and a credit of `delta` to them asked by
 * `requester`: the PATCH must answer 202 (the threshold at or under `delta`).
 */
export async function pendingCredit(
  t: TestContext,
  requester: SignedIn,
  delta: number,
  { balance = 100, userId }: { balance?: number; userId?: string } = {},
): Promise<{ userId: string; adjustment: Adjustment }> {
  const player = userId ?? (await t.user({ balance })).user_id;
  const current = (
    await t.db
      .selectFrom('users')
      .select('balance')
      .where('user_id', '=', player)
      .executeTakeFirstOrThrow()
  ).balance;
  const res = await requester.patch(`/api/admin/users/${player}`, {
    balance: current + delta,
    adjustmentReason: 'goodwill',
  });
  if (res.statusCode !== 202) throw new Error(`credit not pending: ${res.statusCode} ${res.body}`);
  return { userId: player, adjustment: res.json().adjustment };
}

/** The audit rows of credits to a player (requests and decisions), oldest first. */
export const adjustmentAudits = (t: Pick<TestContext, 'db'>, userId: string) =>
  t.db
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'entity', 'entity_id', 'before', 'after'])
    .where('entity', '=', 'user')
    .where('entity_id', '=', userId)
    .where('action', 'like', 'adjustment.%')
    .orderBy('id')
    .execute();
