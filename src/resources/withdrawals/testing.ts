import type { ListResponse } from '../../../contract/lists';
import type { Withdrawal } from '../../../contract/withdrawals';

/** A withdrawal as the API answers it; override what the test cares about. */
export const aWithdrawal = (overrides: Partial<Withdrawal> = {}): Withdrawal => ({
  _id: 'w1',
  userId: 'USR-1',
  user: { username: 'alice', email: 'alice@example.com', status: 'active' },
  typeId: 'paypal_10',
  pointsSpent: 1000,
  usdValue: 10,
  rateUsdPerPoint: 0.01,
  fixedUsdAmount: null,
  destination: 'alice@paypal.example',
  status: 'pending',
  adminNote: null,
  createdAt: '2025-11-20T10:00:00.000Z',
  updatedAt: '2025-11-20T10:00:00.000Z',
  decidedAt: null,
  decidedBy: null,
  ...overrides,
});

export const listOf = (items: Withdrawal[], total = items.length): ListResponse<Withdrawal> => ({
  items,
  total,
  page: 1,
  limit: 20,
});
