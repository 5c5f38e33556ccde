import { z } from 'zod';
import { ADJUSTMENT_NOTE_MAX, AdjustmentReason } from './adjustment-reasons';
import { idsParam, onePageOfIds, optionalParam, paging, sortParam } from './lists';
import { text } from './text';
import { UserResponse, UserStatus } from './users';

export * from './adjustment-reasons';

// Balance credits that need a second admin: a PATCH of a user's balance raising it by at least
// the payout controls' `secondApprovalFromPoints` records an adjustment instead of applying it.

export const ADJUSTMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const AdjustmentStatus = z.enum(ADJUSTMENT_STATUSES);
export type AdjustmentStatus = z.infer<typeof AdjustmentStatus>;

/** 403 `own_account`: a PATCH of one's own balance, XP, status or referrer. */
export const OWN_ACCOUNT = 'You cannot change your own balance, XP, status or referrer.';
/** 403 `own_account`: approving a credit to one's own account. */
export const OWN_CREDIT = 'You cannot approve a credit to your own account.';
/** 409 `second_approver_required`: the requester of a credit approving it. */
export const CREDIT_SECOND_APPROVER = 'A different admin must approve this credit.';
/** What the console says after a PATCH answered 202 with an adjustment of `delta` points. */
export const creditRecorded = (delta: number) =>
  `Credit of ${delta.toLocaleString('en-US')} points recorded. A second admin must approve it.`;
/** 400 on `adjustmentReason` when a credit at or above the threshold comes without one. */
export const ADJUSTMENT_REASON_REQUIRED = 'is required for a credit that needs a second admin';
/** 400 on `adjustmentNote` when the reason is `other` and no note says what it is. */
export const ADJUSTMENT_NOTE_REQUIRED = 'is required when the reason is Other';

export const Adjustment = z.object({
  _id: z.string(),
  /** The player's public userId. */
  userId: z.string(),
  user: z.object({ username: z.string(), email: z.string(), status: UserStatus }).nullable(),
  /** Points added to the balance when approved (always positive). */
  delta: z.number().int(),
  reason: AdjustmentReason,
  note: z.string().nullable(),
  /** Username of the admin who asked for the credit. */
  requestedBy: z.string().nullable(),
  /** That admin's user `_id`. */
  requestedById: z.string().nullable(),
  requestedAt: z.string(),
  status: AdjustmentStatus,
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
});
export type Adjustment = z.infer<typeof Adjustment>;

/**
 * Why the signed-in admin may not approve this record now (GET one of a withdrawal or an
 * adjustment): the code and message the approval would be refused with; null when they may.
 */
export const ApprovalRefusal = z.object({ code: z.string(), error: z.string() }).nullable();
export type ApprovalRefusal = z.infer<typeof ApprovalRefusal>;

/** GET /admin/adjustments/{id} */
export const AdjustmentDetail = Adjustment.extend({ approvalRefusal: ApprovalRefusal });
export type AdjustmentDetail = z.infer<typeof AdjustmentDetail>;

export const ADJUSTMENT_SORT_FIELDS = ['requestedAt', 'delta', 'status', 'decidedAt'] as const;

/** GET /admin/adjustments (users:read; the console defaults status to pending). */
export const AdjustmentsQuery = z
  .strictObject({
    status: optionalParam(AdjustmentStatus),
    /** The player's public userId. */
    userId: optionalParam(text().max(64)),
    ids: idsParam(),
    ...paging(20),
    sort: sortParam(ADJUSTMENT_SORT_FIELDS, 'requestedAt:desc'),
  })
  .transform(onePageOfIds);
export type AdjustmentsQuery = z.input<typeof AdjustmentsQuery>;

export const ADJUSTMENT_DECISIONS = ['approve', 'reject'] as const;
const decisionNote = text().trim().max(ADJUSTMENT_NOTE_MAX).optional();

/** PATCH /admin/adjustments/{id}/decision (adjustments:approve) */
export const AdjustmentDecisionBody = z.strictObject({
  action: z.enum(ADJUSTMENT_DECISIONS),
  note: decisionNote,
});
export const AdjustmentDecisionResponse = z.object({
  ok: z.literal(true),
  adjustment: Adjustment,
});

/** PATCH /admin/adjustments/bulk (adjustments:approve): each id decided once or skipped. */
export const AdjustmentBulkBody = z.strictObject({
  ids: z.array(text().max(40)).min(1, 'Select at least one row.').max(1000),
  action: z.enum(ADJUSTMENT_DECISIONS),
  note: decisionNote,
});
/**
 * 202 to a PATCH of a user raising the balance by secondApprovalFromPoints or more: the other
 * fields are saved, the balance is not, and the credit waits for a second admin as `adjustment`.
 */
export const UserCreditPending = UserResponse.extend({ adjustment: Adjustment });
export type UserCreditPending = z.infer<typeof UserCreditPending>;

export const AdjustmentBulkResponse = z.object({
  ok: z.literal(true),
  updated: z.number().int(),
  skipped: z.array(z.object({ id: z.string(), reason: z.string() })),
});
