import {
  ADJUSTMENT_NOTE_REQUIRED,
  ADJUSTMENT_REASON_REQUIRED,
  type AdjustmentReason,
} from '../../../contract/adjustments';
import type { UserPatch } from '../../../contract/users';
import { type Actor, audit } from '../../audit/audit';
import type { Database } from '../../db/connect';
import { invalidInput, unauthorized } from '../../http/errors';
import { readSetting } from '../../settings/store';
import { payouts } from '../settings/values';
import type { AdjustmentRow } from './present';
import { getAdjustment } from './queries';

export interface Credit {
  delta: number;
  reason: AdjustmentReason;
  note: string | null;
}

/**
 * The credit of a user PATCH that must wait for a second admin, if it is one: the balance raised
 * from `current` to `wanted` by the payout controls' `secondApprovalFromPoints` (read in the
 * PATCH's transaction) or more. Such a credit needs a reason, and the reason `other` a note: 400
 * otherwise, before anything is written. Lowering, or raising by less, is no such credit.
 */
export async function creditAwaitingApproval(
  trx: Database,
  current: number,
  wanted: number | undefined,
  { adjustmentReason, adjustmentNote }: Pick<UserPatch, 'adjustmentReason' | 'adjustmentNote'>,
): Promise<Credit | null> {
  if (wanted === undefined || wanted <= current) return null;
  const delta = wanted - current;
  const threshold = (await readSetting(trx, 'payouts', payouts.parse)).value
    .secondApprovalFromPoints;
  if (threshold === null || delta < threshold) return null;
  if (!adjustmentReason) throw invalidInput('adjustmentReason', ADJUSTMENT_REASON_REQUIRED);
  const note = adjustmentNote || null;
  if (adjustmentReason === 'other' && !note) {
    throw invalidInput('adjustmentNote', ADJUSTMENT_NOTE_REQUIRED);
  }
  return { delta, reason: adjustmentReason, note };
}

/** Records the credit as a pending adjustment, with its audit row on the player's timeline. */
export async function requestCredit(
  trx: Database,
  actor: Actor,
  userId: string,
  { delta, reason, note }: Credit,
): Promise<AdjustmentRow> {
  if (actor.id === null) throw unauthorized();
  const { id } = await trx
    .insertInto('adjustments')
    .values({ user_id: userId, delta, reason, note, requested_by: actor.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  await audit(trx, actor, {
    action: 'adjustment.request',
    entity: 'user',
    entityId: userId,
    after: { adjustmentId: String(id), delta, reason, note },
  });
  return getAdjustment(trx, id);
}
