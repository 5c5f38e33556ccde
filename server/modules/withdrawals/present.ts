import type { Selectable } from 'kysely';
import type { UserStatus } from '../../../contract/users';
import type { Withdrawal } from '../../../contract/withdrawals';
import type { WithdrawalsTable } from '../../db/schema';

/** A withdrawal row with the player's name, email and status and the deciding admin's username. */
export type WithdrawalRow = Selectable<WithdrawalsTable> & {
  username: string | null;
  email: string | null;
  user_status: UserStatus | null;
  decided_by_username: string | null;
};

const usd = (value: string) => Number(value);

/** The API's view of a withdrawal; pg answers numeric columns as strings. */
export function presentWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    _id: String(row.id),
    userId: row.user_id,
    user:
      row.username === null || row.email === null || row.user_status === null
        ? null
        : { username: row.username, email: row.email, status: row.user_status },
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
  };
}
