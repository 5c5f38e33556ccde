import { z } from 'zod';
import { decimal, wholeNumber } from './numbers';
import { text } from './text';

// The three singletons of the Settings group. Each GET answers the stored value, or the defaults
// below with updatedAt null while it was never saved. Each PATCH replaces the whole value (send
// If-Match with the updatedAt the form loaded to refuse overwriting a newer save: 409 'stale').

/** `updatedAt` of a singleton: null while it was never saved. */
const updatedAt = z.string().nullable();

/** A PATCH's answer: the singleton's updatedAt after the save. */
export const SettingSaved = z.object({ ok: z.literal(true), updatedAt: z.string() });
export type SettingSaved = z.infer<typeof SettingSaved>;

// --- Daily rewards: a weekly schedule of points, Mon..Sun ---

export const DAILY_REWARD_DAYS = 7;
/** Spec section 9. */
export const DEFAULT_DAILY_LABELS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export const DEFAULT_DAILY_VALUES = [10, 15, 20, 25, 30, 40, 50] as const;
export const DAILY_LABEL_MAX = 40;
/** Points a day's reward may give. */
export const DAILY_VALUE_MAX = 1_000_000_000;

export const DailyRewards = z.object({
  labels: z.array(z.string()).length(DAILY_REWARD_DAYS),
  /** Points: whole numbers, 0 or more. */
  values: z.array(z.number().int().min(0)).length(DAILY_REWARD_DAYS),
  isActive: z.boolean(),
  updatedAt,
});
export type DailyRewards = z.infer<typeof DailyRewards>;

/** PATCH /admin/daily-rewards: the whole schedule; labels are trimmed. */
export const DailyRewardsBody = z.strictObject({
  labels: z
    .array(
      text()
        .trim()
        .min(1, 'Label is required')
        .max(DAILY_LABEL_MAX, `must be at most ${DAILY_LABEL_MAX} characters`),
    )
    .length(DAILY_REWARD_DAYS, `must hold ${DAILY_REWARD_DAYS} labels`),
  values: z
    .array(wholeNumber(0, DAILY_VALUE_MAX))
    .length(DAILY_REWARD_DAYS, `must hold ${DAILY_REWARD_DAYS} values`),
  isActive: z.boolean('must be true or false'),
});
export type DailyRewardsBody = z.input<typeof DailyRewardsBody>;

// --- Referral settings ---

/** Used until an admin saves them (the specification names none). */
export const DEFAULT_REFERRAL = { maxReferralsPerUser: 10, pointsPerReferral: 100 } as const;
export const MAX_REFERRALS_MAX = 1_000_000;
export const POINTS_PER_REFERRAL_MAX = 1_000_000_000;

export const ReferralSettings = z.object({
  maxReferralsPerUser: z.number().int().min(0),
  pointsPerReferral: z.number().int().min(0),
  updatedAt,
});
export type ReferralSettings = z.infer<typeof ReferralSettings>;

/** PATCH /admin/settings/referral: both fields, whole numbers of 0 or more. */
export const ReferralBody = z.strictObject({
  maxReferralsPerUser: wholeNumber(0, MAX_REFERRALS_MAX),
  pointsPerReferral: wholeNumber(0, POINTS_PER_REFERRAL_MAX),
});
export type ReferralBody = z.input<typeof ReferralBody>;

// --- App info ---

/** Used until an admin saves it; each passes the form's checks. */
export const DEFAULT_APP_INFO = {
  title: 'Rewards',
  description: 'Play skill games, earn points and XP, and cash out your rewards.',
  email: 'support@example.com',
  version: '1.0.0',
} as const;
export const APP_INFO_MAX = { title: 100, description: 2000, email: 254, version: 32 } as const;

export const AppInfo = z.object({
  title: z.string(),
  description: z.string(),
  /** The support email. */
  email: z.string(),
  version: z.string(),
  updatedAt,
});
export type AppInfo = z.infer<typeof AppInfo>;

const required = (message: string, max: number) =>
  text().trim().min(1, message).max(max, `must be at most ${max} characters`);

/** PATCH /admin/app-info: every field required, trimmed. */
export const AppInfoBody = z.strictObject({
  title: required('Title is required', APP_INFO_MAX.title),
  description: required('Description is required', APP_INFO_MAX.description),
  email: required('Support email is required', APP_INFO_MAX.email).pipe(
    z.email('Enter a valid email address'),
  ),
  version: required('Version is required', APP_INFO_MAX.version),
});
export type AppInfoBody = z.input<typeof AppInfoBody>;

export const AppInfoSaved = z.object({
  ok: z.literal(true),
  appInfo: AppInfo.extend({ updatedAt: z.string() }),
});
export type AppInfoSaved = z.infer<typeof AppInfoSaved>;

// --- Payout controls (four-eyes) ---

export const SECOND_APPROVAL_MIN_USD = 0.01;
export const SECOND_APPROVAL_MAX_USD = 1_000_000;
export const SECOND_APPROVAL_MIN_POINTS = 1;
export const SECOND_APPROVAL_MAX_POINTS = 1_000_000_000;

/**
 * GET /admin/settings/payouts. `secondApprovalFromUsd`: a pending withdrawal worth at least this
 * many USD needs two approvals by two different admins; null (the default) means one approval.
 * `secondApprovalFromPoints`: a balance credit of at least this many points waits for a second
 * admin (an adjustment); null (the default) applies every credit at once.
 */
export const PayoutSettings = z.object({
  secondApprovalFromUsd: z.number().nullable(),
  secondApprovalFromPoints: z.number().int().nullable(),
  updatedAt,
});
export type PayoutSettings = z.infer<typeof PayoutSettings>;

/**
 * PATCH /admin/settings/payouts: each field optional (absent keeps it). USD: null (off) or 0.01
 * to 1,000,000, two decimals at most; points: null (off) or a whole number 1 to 1,000,000,000.
 */
export const PayoutSettingsBody = z.strictObject({
  secondApprovalFromUsd: decimal(2, SECOND_APPROVAL_MAX_USD, SECOND_APPROVAL_MIN_USD)
    .nullable()
    .optional(),
  secondApprovalFromPoints: wholeNumber(SECOND_APPROVAL_MIN_POINTS, SECOND_APPROVAL_MAX_POINTS)
    .nullable()
    .optional(),
});
export type PayoutSettingsBody = z.input<typeof PayoutSettingsBody>;
