import type { AdjustmentDetail } from '../../../contract/adjustments';

/** Test helpers of the adjustments screens (not shipped: only tests import this file). */

/** A pending credit as the API's GET of one answers it; override what the test cares about. */
export const anAdjustment = (overrides: Partial<AdjustmentDetail> = {}): AdjustmentDetail => ({
  _id: 'adj1',
  userId: 'USR-1',
  user: { username: 'alice', email: 'alice@example.com', status: 'active' },
  delta: 50_000,
  reason: 'contest_prize',
  note: 'Spring cup winner',
  requestedBy: 'carol',
  requestedById: 'id-ADM-9',
  requestedAt: '2026-11-20T10:00:00.000Z',
  status: 'pending',
  decidedBy: null,
  decidedAt: null,
  decisionNote: null,
  approvalRefusal: null,
  ...overrides,
});
