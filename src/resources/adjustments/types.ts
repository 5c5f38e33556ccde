import type { Identifier } from 'react-admin';
import {
  ADJUSTMENT_REASON_LABELS,
  ADJUSTMENT_STATUSES,
  type Adjustment,
  type AdjustmentStatus,
  type ApprovalRefusal,
} from '../../../contract/adjustments';
import type { Permission } from '../../../contract/permissions';

/**
 * An adjustment as react-admin holds it: the API record plus `id` (= `_id`); the GET of one also
 * says why the signed-in admin may not approve it now (`approvalRefusal`).
 */
export type AdjustmentRecord = Adjustment & { id: Identifier; approvalRefusal?: ApprovalRefusal };

/** Approving and rejecting needs this; the list and the record are seen with `users:read`. */
export const DECIDE_ADJUSTMENTS: Permission = 'adjustments:approve';

const STATUS_LABELS: Record<AdjustmentStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** The status filter's choices; 'All' (no status param) is added by the filter itself. */
export const STATUS_CHOICES = ADJUSTMENT_STATUSES.map((value) => ({
  value,
  label: STATUS_LABELS[value],
}));

export const reasonLabel = (record: Pick<Adjustment, 'reason'>) =>
  ADJUSTMENT_REASON_LABELS[record.reason] ?? record.reason;

export const adjustmentPath = (id: Identifier) => `/adjustments/${encodeURIComponent(String(id))}`;

/** The list of one player's pending credits (the user page lists them). */
export const pendingOf = (userId: Identifier) => ({ userId: String(userId), status: 'pending' });
