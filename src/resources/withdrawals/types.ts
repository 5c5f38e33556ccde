import type { Identifier } from 'react-admin';
import type {
  Decision,
  Withdrawal,
  WithdrawalStatus,
  WithdrawalStatusFilter,
} from '../../../contract/withdrawals';

/** A withdrawal as react-admin holds it: the API record plus `id` (= `_id`). */
export type WithdrawalRecord = Withdrawal & { id: Identifier };

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
