import type { Identifier } from 'react-admin';
import type { ApprovalRefusal } from '../../../contract/adjustments';
import type {
  Decision,
  Withdrawal,
  WithdrawalStatus,
  WithdrawalStatusFilter,
} from '../../../contract/withdrawals';

/**
 * A withdrawal as react-admin holds it: the API record plus `id` (= `_id`); the GET of one also
 * says why the signed-in admin may not approve it now (`approvalRefusal`, null when they may).
 */
export type WithdrawalRecord = Withdrawal & { id: Identifier; approvalRefusal?: ApprovalRefusal };

export type { Decision, WithdrawalStatus };

/** The status filter's choices; 'All' (no status param) is added by the filter itself. */
export const STATUS_CHOICES = [
  { value: 'pending', label: 'Pending' },
  { value: 'awaiting_second_approval', label: 'Awaiting second approval' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
] as const satisfies readonly { value: WithdrawalStatusFilter; label: string }[];

export const DECISION_LABELS: Record<Decision, string> = { approve: 'Approve', reject: 'Reject' };

export const detailPath = (id: Identifier) => `/withdrawals/${encodeURIComponent(String(id))}`;
