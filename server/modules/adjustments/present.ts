import type { Selectable } from 'kysely';
import type { Adjustment } from '../../../contract/adjustments';
import type { UserStatus } from '../../../contract/users';
import { playerOf } from '../../approvals/decisions';
import type { AdjustmentsTable } from '../../db/schema';

/** An adjustment row with its player's name, email and status and the admins' usernames. */
export type AdjustmentRow = Selectable<AdjustmentsTable> & {
  /** The player's users.id. */
  owner_id: number | null;
  username: string | null;
  email: string | null;
  user_status: UserStatus | null;
  requested_by_username: string | null;
  decided_by_username: string | null;
};

export function presentAdjustment(row: AdjustmentRow): Adjustment {
  return {
    _id: String(row.id),
    userId: row.user_id,
    user: playerOf(row),
    delta: row.delta,
    reason: row.reason,
    note: row.note,
    requestedBy: row.requested_by_username,
    requestedById: String(row.requested_by),
    requestedAt: row.requested_at.toISOString(),
    status: row.status,
    decidedBy: row.decided_by_username,
    decidedAt: row.decided_at?.toISOString() ?? null,
    decisionNote: row.decision_note,
  };
}
