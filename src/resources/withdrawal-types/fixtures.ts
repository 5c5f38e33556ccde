import type { WithdrawalType } from '../../../contract/withdrawal-types';

/** Withdrawal types for tests (not shipped: only tests import this file). */

export const makeType = (overrides: Partial<WithdrawalType> = {}): WithdrawalType => ({
  _id: 'wt-1',
  key: 'paypal_10',
  title: 'PayPal $10',
  rateUsdPerPoint: 0.001,
  minPoints: 10000,
  stock: 25,
  isActive: true,
  fixedUsdAmount: 10,
  createdAt: '2026-01-02T10:00:00.000Z',
  updatedAt: '2026-01-05T12:30:00.000Z',
  ...overrides,
});

export const paypal = makeType();
export const giftCard = makeType({
  _id: 'wt-2',
  key: 'gift_card',
  title: 'Gift card',
  rateUsdPerPoint: 0.0005,
  minPoints: 2000,
  stock: 0,
  isActive: false,
  fixedUsdAmount: null,
});
