import { z } from 'zod';
import { idsParam, onePageOfIds, optionalParam, paging, sortParam } from './lists';
import { text } from './text';
import { UserStatus } from './users';

export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const WithdrawalStatus = z.enum(WITHDRAWAL_STATUSES);
export type WithdrawalStatus = z.infer<typeof WithdrawalStatus>;

export const DECISIONS = ['approve', 'reject'] as const;
export const Decision = z.enum(DECISIONS);
export type Decision = z.infer<typeof Decision>;

export const Withdrawal = z.object({
  _id: z.string(),
  userId: z.string(),
  /** The requesting player; null only if that user no longer resolves. */
  user: z
    .object({
      username: z.string(),
      email: z.string(),
      /** A disabled player's withdrawal can be rejected, not approved. */
      status: UserStatus,
    })
    .nullable(),
  /** The withdrawal type's key, e.g. paypal_10. */
  typeId: z.string(),
  pointsSpent: z.number().int(),
  /** USD, exact to the cent. */
  usdValue: z.number(),
  rateUsdPerPoint: z.number(),
  fixedUsdAmount: z.number().nullable(),
  destination: z.string(),
  status: WithdrawalStatus,
  adminNote: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Username of the admin who decided. */
  decidedBy: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof Withdrawal>;

export const WITHDRAWAL_SORT_FIELDS = ['createdAt', 'pointsSpent', 'usdValue', 'status'] as const;

/** GET /admin/withdrawals (page size 20; the console defaults status to pending). */
export const WithdrawalsQuery = z
  .strictObject({
    q: optionalParam(text().max(200)),
    status: optionalParam(WithdrawalStatus),
    /** Exactly this withdrawal type's key: its total is how many withdrawals use the type. */
    typeId: optionalParam(text().max(64)),
    ids: idsParam(),
    ...paging(20),
    sort: sortParam(WITHDRAWAL_SORT_FIELDS, 'createdAt:desc'),
  })
  .transform(onePageOfIds);
export type WithdrawalsQuery = z.input<typeof WithdrawalsQuery>;

export const WithdrawalsExportQuery = z.strictObject({
  q: optionalParam(text().max(200)),
  status: optionalParam(WithdrawalStatus),
  sort: sortParam(WITHDRAWAL_SORT_FIELDS, 'createdAt:desc'),
});

const adminNote = text().trim().max(1000).optional();

/** PATCH /admin/withdrawals/{id}/decision */
export const DecisionBody = z.strictObject({ action: Decision, adminNote });
export const DecisionResponse = z.object({ ok: z.literal(true), withdrawal: Withdrawal });
export type DecisionResponse = z.infer<typeof DecisionResponse>;

/** The most one bulk decision takes: a thousand decide in well under a second at scale. */
export const BULK_DECISION_MAX = 1000;

/** PATCH /admin/withdrawals/bulk */
export const BulkDecisionBody = z.strictObject({
  ids: z.array(text().max(40)).min(1, 'Select at least one row.').max(BULK_DECISION_MAX),
  action: Decision,
  adminNote,
});
export const BulkDecisionResponse = z.object({
  ok: z.literal(true),
  updated: z.number().int(),
  skipped: z.array(z.object({ id: z.string(), reason: z.string() })),
});
export type BulkDecisionResponse = z.infer<typeof BulkDecisionResponse>;
