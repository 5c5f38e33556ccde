import { z } from 'zod';
import { ADJUSTMENT_NOTE_MAX, AdjustmentReason } from './adjustment-reasons';
import { idsParam, onePageOfIds, optionalParam, paging, sortParam } from './lists';
import { text } from './text';

export const USER_STATUSES = ['pending', 'active', 'disabled'] as const;
export const UserStatus = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof UserStatus>;

/** A permission the single sign-on proxy's group gives (SSO_GROUP_PERMISSIONS): not revocable here. */
export const GroupPermission = z.object({ name: z.string(), group: z.string() });
export type GroupPermission = z.infer<typeof GroupPermission>;

export const AdminRole = z.object({
  enabled: z.boolean(),
  roles: z.array(z.string()),
  /** The permissions granted in the console (stored). */
  permissions: z.array(z.string()),
  /** Those the admin's sign-on groups add, on a user's detail (the groups last seen). */
  groupPermissions: z.array(GroupPermission).optional(),
});
export type AdminRole = z.infer<typeof AdminRole>;

export const User = z.object({
  _id: z.string(),
  userId: z.string(),
  username: z.string(),
  email: z.string(),
  status: UserStatus,
  balance: z.number().int(),
  xp: z.number().int(),
  referredBy: z.string().nullable(),
  referralCode: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  adminRole: AdminRole,
  /** Whether the account signs in with a code after the password (two-step sign-in). */
  twoStep: z.boolean(),
});
export type User = z.infer<typeof User>;

export const USER_SORT_FIELDS = [
  'createdAt',
  'username',
  'email',
  'balance',
  'xp',
  'status',
] as const;

/** GET /admin/users (page size 20 in the console). */
export const UsersQuery = z
  .strictObject({
    q: optionalParam(text().max(200)),
    status: optionalParam(UserStatus),
    ids: idsParam(),
    ...paging(20),
    sort: sortParam(USER_SORT_FIELDS, 'createdAt:desc'),
  })
  .transform(onePageOfIds);
export type UsersQuery = z.input<typeof UsersQuery>;

/** GET /admin/users/export.csv: the same filters, every matching row. */
export const UsersExportQuery = z.strictObject({
  q: optionalParam(text().max(200)),
  status: optionalParam(UserStatus),
  sort: sortParam(USER_SORT_FIELDS, 'createdAt:desc'),
});

export const UserStats = z.object({
  matchesCount: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  draws: z.number().int(),
});
export type UserStats = z.infer<typeof UserStats>;

/** GET /admin/users/{userId} */
export const UserDetail = z.object({
  user: User,
  stats: UserStats,
  adminRole: AdminRole,
  /**
   * The payout controls' points threshold: a credit of at least this much waits for a second
   * admin (the edit form asks for its reason before saving); null while off.
   */
  secondApprovalFromPoints: z.number().int().nullable(),
});
export type UserDetail = z.infer<typeof UserDetail>;

const points = z.number().int('must be a whole number').min(0, 'must be 0 or more').max(1e12);

/** PATCH /admin/users/{userId}: any subset of the editable fields. */
export const UserPatch = z.strictObject({
  username: text().trim().min(1, 'is required').max(64).optional(),
  // 254: the longest address SMTP carries, and the users table's CHECK.
  email: text()
    .trim()
    .max(254, 'must be at most 254 characters')
    .pipe(z.email('must be an email address'))
    .optional(),
  balance: points.optional(),
  xp: points.optional(),
  status: UserStatus.optional(),
  /** '' clears it. */
  referredBy: text().trim().max(64).optional(),
  /** Why, when raising `balance` by the payout controls' secondApprovalFromPoints or more. */
  adjustmentReason: AdjustmentReason.optional(),
  /** Required with the reason `other`. */
  adjustmentNote: text().trim().max(ADJUSTMENT_NOTE_MAX).optional(),
});
export type UserPatch = z.infer<typeof UserPatch>;

export const UserResponse = z.object({ ok: z.literal(true), user: User });
export type UserResponse = z.infer<typeof UserResponse>;

/**
 * POST /admin/users/{userId}/password. How long the new password must be depends on whose it is
 * (a player's or an admin's: contract/passwords.ts), so the server checks it once it knows the user.
 */
export const PasswordBody = z.strictObject({ newPassword: text().max(1024) });

/** PATCH /admin/users/{userId}/role */
export const RoleBody = z.strictObject({ makeAdmin: z.boolean() });

/** PATCH /admin/users/{userId}/permissions: trimmed; empty entries are ignored. */
export const PermissionsBody = z.strictObject({
  grant: z.array(text().max(100)).max(50).optional(),
  revoke: z.array(text().max(100)).max(50).optional(),
});

export const AdminRoleResponse = z.object({ ok: z.literal(true), adminRole: AdminRole });
export type AdminRoleResponse = z.infer<typeof AdminRoleResponse>;

export const MATCH_OUTCOMES = ['win', 'loss', 'draw'] as const;
export const MatchOutcome = z.enum(MATCH_OUTCOMES);
export type MatchOutcome = z.infer<typeof MatchOutcome>;

export const REWARD_TYPES = ['points', 'xp'] as const;
export const RewardType = z.enum(REWARD_TYPES);

/** A match from one player's side. */
export const Match = z.object({
  _id: z.string(),
  matchId: z.string(),
  gameName: z.string(),
  price: z.number(),
  rewardAmount: z.number().int(),
  rewardType: RewardType,
  userScore: z.number().int(),
  opponentScore: z.number().int(),
  outcome: MatchOutcome,
  /** The other player's username or the bot's nickname; null when unknown. */
  opponent: z.object({ username: z.string() }).nullable(),
  /** The other player's userId, or the bot's botId. */
  opponentUserId: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
});
export type Match = z.infer<typeof Match>;

/** GET /admin/users/{userId}/matches (page size 10 in the console), newest first. */
export const MatchesQuery = z.strictObject({
  ...paging(10),
  outcome: optionalParam(MatchOutcome),
});
