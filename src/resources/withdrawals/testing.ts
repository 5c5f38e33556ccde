import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
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
  approvalsRequired: 1,
  approvals: [],
  reasonCode: null,
  risk: { level: null, count: 0 },
  ...overrides,
});

export const listOf = (items: Withdrawal[], total = items.length): ListResponse<Withdrawal> => ({
  items,
  total,
  page: 1,
  limit: 20,
});

/** Picks `label` in the reject dialog's Reason select (a listbox that opens on click). */
export const pickReason = async (user: UserEvent, dialog: HTMLElement, label: string) => {
  await user.click(within(dialog).getByRole('combobox', { name: 'Reason' }));
  await user.click(await screen.findByRole('option', { name: label }));
};
