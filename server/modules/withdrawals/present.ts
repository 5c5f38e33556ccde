import type { Selectable } from 'kysely';
import type { UserStatus } from '../../../contract/users';
import type { Approval, Withdrawal } from '../../../contract/withdrawals';
import { playerOf } from '../../approvals/decisions';
import type { WithdrawalsTable } from '../../db/schema';

/**
 * A withdrawal row with the player's name, email and status, the approving admins' usernames and
 * the approvals it requires now.
 */
export type WithdrawalRow = Selectable<WithdrawalsTable> & {
  username: string | null;
  email: string | null;
  user_status: UserStatus | null;
  decided_by_username: string | null;
  first_approved_by_username: string | null;
  approvals_required_now: number;
};

const usd = (value: string) => Number(value);

const approval = (
  adminId: number | null,
  username: string | null,
  at: Date | null,
  note: string | null,
): Approval[] =>
  adminId === null || username === null || at === null
    ? []
    : [{ adminId: String(adminId), username, at: at.toISOString(), note }];

/**
 * The approvals given, oldest first: the first of two, kept apart, then the approving decision
 * itself (so a withdrawal approved in one step shows that one).
 */
const approvalsOf = (row: WithdrawalRow): Approval[] => [
  ...approval(
    row.first_approved_by,
    row.first_approved_by_username,
    row.first_approved_at,
    row.first_approval_note,
  ),
  ...(row.status === 'approved'
    ? approval(row.decided_by, row.decided_by_username, row.decided_at, row.admin_note)
    : []),
];

/** The API's view of a withdrawal; pg answers numeric columns as strings. */
export function presentWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    _id: String(row.id),
    userId: row.user_id,
    user: playerOf(row),
    typeId: row.type_id,
    pointsSpent: row.points_spent,
    usdValue: usd(row.usd_value),
    rateUsdPerPoint: usd(row.rate_usd_per_point),
    fixedUsdAmount: row.fixed_usd_amount === null ? null : usd(row.fixed_usd_amount),
    destination: row.destination,
    status: row.status,
    adminNote: row.admin_note,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    decidedBy: row.decided_by_username,
    approvalsRequired: row.approvals_required_now === 2 ? 2 : 1,
    approvals: approvalsOf(row),
    reasonCode: row.reason_code,
    risk: { level: row.risk_level, count: row.risk_count },
  };
}
