import { z } from 'zod';
import { ApprovalRefusal } from './adjustments';
import { idsParam, onePageOfIds, optionalParam, paging, sortParam } from './lists';
import { text } from './text';
import { UserStatus } from './users';
import { RiskFilter, RiskSummary } from './withdrawal-signals';

export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const WithdrawalStatus = z.enum(WITHDRAWAL_STATUSES);
export type WithdrawalStatus = z.infer<typeof WithdrawalStatus>;

export const DECISIONS = ['approve', 'reject'] as const;
export const Decision = z.enum(DECISIONS);
export type Decision = z.infer<typeof Decision>;

/** Why a withdrawal was rejected: a fixed list, so rejections can be counted by reason. */
export const REJECT_REASONS = [
  'fraud_suspected',
  'duplicate_account',
  'invalid_destination',
  'limit_exceeded',
  'other',
] as const;
export const RejectReason = z.enum(REJECT_REASONS);
export type RejectReason = z.infer<typeof RejectReason>;

export const REJECT_REASON_LABELS: Record<RejectReason, string> = {
  fraud_suspected: 'Fraud suspected',
  duplicate_account: 'Duplicate account',
  invalid_destination: 'Invalid destination',
  limit_exceeded: 'Limit exceeded',
  other: 'Other',
};

/** 409 `second_approver_required`: this admin already gave the first of two approvals. */
export const SECOND_APPROVER_REQUIRED = 'A different admin must give the second approval.';
/** 403 `own_withdrawal`: no admin approves a withdrawal of their own account. */
export const OWN_WITHDRAWAL = 'You cannot approve your own withdrawal.';
/** What the console says when an approval was the first of two. */
export const FIRST_APPROVAL_RECORDED = 'First approval recorded. A second admin must approve.';

/** One admin's approval of a withdrawal. */
export const Approval = z.object({
  /** The approving admin's user `_id`. */
  adminId: z.string(),
  username: z.string(),
  at: z.string(),
  note: z.string().nullable(),
});
export type Approval = z.infer<typeof Approval>;

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
  /**
   * 2 when four-eyes applies (usdValue at or above the payout threshold), else 1. Fixed when the
   * first approval is given; until then it follows the current threshold.
   */
  approvalsRequired: z.union([z.literal(1), z.literal(2)]),
  /** Oldest first; a pending withdrawal holds at most one. */
  approvals: z.array(Approval),
  /** Why it was rejected, when a reason was given. */
  reasonCode: RejectReason.nullable(),
  /** Its risk signals in short (GET /admin/withdrawals/{id}/signals has them in full). */
  risk: RiskSummary,
});
export type Withdrawal = z.infer<typeof Withdrawal>;

/**
 * GET /admin/withdrawals/{id}: with why the signed-in admin may not approve it now
 * (own_withdrawal, user_disabled, second_approver_required, approvers_not_independent), or null.
 */
export const WithdrawalDetail = Withdrawal.extend({ approvalRefusal: ApprovalRefusal });
export type WithdrawalDetail = z.infer<typeof WithdrawalDetail>;

/**
 * The status filter: a status, or `awaiting_second_approval` (pending, with the first of two
 * approvals given).
 */
export const WITHDRAWAL_STATUS_FILTERS = [
  ...WITHDRAWAL_STATUSES,
  'awaiting_second_approval',
] as const;
export const WithdrawalStatusFilter = z.enum(WITHDRAWAL_STATUS_FILTERS);
export type WithdrawalStatusFilter = z.infer<typeof WithdrawalStatusFilter>;

/** `waiting`: how long a withdrawal has waited, so `waiting:desc` is the oldest first. */
export const WITHDRAWAL_SORT_FIELDS = [
  'createdAt',
  'pointsSpent',
  'usdValue',
  'status',
  'waiting',
] as const;

/** GET /admin/withdrawals (page size 20; the console defaults status to pending). */
export const WithdrawalsQuery = z
  .strictObject({
    q: optionalParam(text().max(200)),
    status: optionalParam(WithdrawalStatusFilter),
    /** Exactly this withdrawal type's key: its total is how many withdrawals use the type. */
    typeId: optionalParam(text().max(64)),
    /** Exactly this destination, trimmed and without regard to case. */
    destination: optionalParam(text().max(500)),
    /** The rows whose highest risk level is this one. */
    risk: optionalParam(RiskFilter),
    ids: idsParam(),
    ...paging(20),
    sort: sortParam(WITHDRAWAL_SORT_FIELDS, 'createdAt:desc'),
  })
  .transform(onePageOfIds);
export type WithdrawalsQuery = z.input<typeof WithdrawalsQuery>;

export const WithdrawalsExportQuery = z.strictObject({
  q: optionalParam(text().max(200)),
  status: optionalParam(WithdrawalStatusFilter),
  sort: sortParam(WITHDRAWAL_SORT_FIELDS, 'createdAt:desc'),
});

const adminNote = text().trim().max(1000).optional();
/** Only with a reject. */
const reasonCode = RejectReason.optional();

/** A reason goes with a reject only. */
const reasonOnlyToReject = (
  { action, reasonCode }: { action: Decision; reasonCode?: RejectReason | undefined },
  ctx: z.RefinementCtx,
) => {
  if (action === 'approve' && reasonCode !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['reasonCode'], message: 'is only for a reject' });
  }
};

/** PATCH /admin/withdrawals/{id}/decision */
export const DecisionBody = z
  .strictObject({ action: Decision, adminNote, reasonCode })
  .superRefine(reasonOnlyToReject);
export const DecisionResponse = z.object({ ok: z.literal(true), withdrawal: Withdrawal });
export type DecisionResponse = z.infer<typeof DecisionResponse>;

/** The most one bulk decision takes: a thousand decide in well under a second at scale. */
export const BULK_DECISION_MAX = 1000;

/** PATCH /admin/withdrawals/bulk */
export const BulkDecisionBody = z
  .strictObject({
    ids: z.array(text().max(40)).min(1, 'Select at least one row.').max(BULK_DECISION_MAX),
    action: Decision,
    adminNote,
    reasonCode,
  })
  .superRefine(reasonOnlyToReject);
/**
 * Each id is counted once: `updated` (approved or rejected now), `awaitingSecondApproval` (given
 * the first of two approvals now) or `skipped` (with the reason).
 */
export const BulkDecisionResponse = z.object({
  ok: z.literal(true),
  updated: z.number().int(),
  awaitingSecondApproval: z.number().int(),
  skipped: z.array(z.object({ id: z.string(), reason: z.string() })),
});
export type BulkDecisionResponse = z.infer<typeof BulkDecisionResponse>;
