import type { Identifier } from 'react-admin';
import { ADJUSTMENT_REASONS, type AdjustmentReason } from '../../../contract/adjustment-reasons';
import { PASSWORD_TOO_SHORT } from '../../../contract/passwords';
import {
  type AdminRole,
  type User,
  UserPatch,
  type UserStats,
  type UserStatus,
} from '../../../contract/users';
import { contractResolver } from '../../forms/contractErrors';
import { getStoredUser } from '../../storage';

/**
 * A user as react-admin holds it: the API's user with `id` = userId. The detail answer
 * ({user, stats, adminRole}) is flattened by the dataProvider, so detail records also carry stats.
 */
export type UserRecord = User & {
  id: Identifier;
  stats?: UserStats;
  /** From the detail: a credit of at least this many points waits for a second admin. */
  secondApprovalFromPoints?: number | null;
};

export const STATUS_CHOICES: { id: UserStatus; name: string }[] = [
  { id: 'pending', name: 'Pending' },
  { id: 'active', name: 'Active' },
  { id: 'disabled', name: 'Disabled' },
];

/** Texts of the specification (section 8), in one place. */
export const MESSAGES = {
  madeAdmin: 'User is now admin',
  adminRemoved: 'Admin removed',
  roleError: 'Error updating admin role',
  grantError: 'Error granting permission',
  revokeError: 'Error revoking permission',
  saved: 'Saved',
  passwordUpdated: 'Password updated',
  passwordTooShort: PASSWORD_TOO_SHORT,
  confirmDisable: 'Disable this user?',
  // not given by the specification: the answers of actions it lists
  confirmEnable: 'Enable this user?',
  userDisabled: 'User disabled',
  userEnabled: 'User enabled',
  disableError: 'Error disabling user',
  enableError: 'Error enabling user',
  permissionGranted: 'Permission granted',
  permissionRevoked: 'Permission revoked',
  notFound: 'User not found',
  loadError: 'Error loading user',
  confirmTwoStepReset: 'Reset two-step sign-in?',
  twoStepResetWhat:
    'Their two-step sign-in is turned off and their sessions end. They sign in with their password and can set it up again.',
  twoStepReset: 'Two-step sign-in reset',
  twoStepResetError: 'Error resetting two-step sign-in',
  makeAdminWhat:
    'They start with no permissions: until you grant some under Admin permissions, they see only the dashboard.',
  pickPermission: 'Pick a permission from the list',
} as const;

/** A button beside a small filled text field (48 px): centred on the field, not its helper. */
export const FIELD_ALIGNED = { mt: '6px', flexShrink: 0 } as const;

/** Where the detail and edit screens live (spec route table: not react-admin's default paths). */
export const USERS_PATH = '/users';
export const userPath = (id: Identifier) => `/users/${encodeURIComponent(String(id))}`;
export const userEditPath = (id: Identifier) => `${userPath(id)}/edit`;

/** 'admin (2)' for an admin holding two permissions, otherwise 'user'. */
export const roleLabel = (adminRole: AdminRole | null | undefined): string =>
  adminRole?.enabled ? `admin (${adminRole.permissions.length})` : 'user';

/** An admin's two-step sign-in in a word: 'On' or 'Off'; nothing for a player. */
export const twoStepLabel = (user: Pick<User, 'adminRole' | 'twoStep'>): string =>
  user.adminRole?.enabled ? (user.twoStep ? 'On' : 'Off') : '';

/** The user is the signed-in admin (as the sign-in check stored them). */
export const isSignedInAdmin = (user: Pick<User, '_id' | 'userId'>): boolean => {
  const me = getStoredUser();
  return Boolean(me && (me._id ? me._id === user._id : me.userId === user.userId));
};

/** A number from a form value; anything empty or not a finite number becomes 0 (spec 5). */
export const toNumber = (value: unknown): number => {
  if (value === null || value === undefined || value === '') return 0;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : 0;
};

/** The edit form's values, and the reason of a credit once the admin gave it. */
export type UserFormValues = Partial<
  Record<keyof UserRecord | 'adjustmentReason' | 'adjustmentNote', unknown>
>;

const isAdjustmentReason = (value: unknown): value is AdjustmentReason =>
  (ADJUSTMENT_REASONS as readonly unknown[]).includes(value);

/** What an admin cannot change on their own account (403 own_account): value and standing. */
export const OWN_STANDING = ['balance', 'xp', 'status', 'referredBy'] as const;

/**
 * The edit form's values as the PATCH body: only the editable fields (the API rejects unknown
 * ones), balance and XP as numbers, referredBy '' when blank, and a credit's reason when given.
 */
export const toUserPatch = (values: UserFormValues): UserPatch => {
  const patch: UserPatch = {
    username: typeof values.username === 'string' ? values.username : '',
    email: typeof values.email === 'string' ? values.email : '',
    balance: toNumber(values.balance),
    xp: toNumber(values.xp),
    referredBy: typeof values.referredBy === 'string' ? values.referredBy.trim() : '',
  };
  if (STATUS_CHOICES.some((choice) => choice.id === values.status)) {
    patch.status = values.status as UserStatus;
  }
  if (isAdjustmentReason(values.adjustmentReason)) {
    patch.adjustmentReason = values.adjustmentReason;
    const note = typeof values.adjustmentNote === 'string' ? values.adjustmentNote.trim() : '';
    if (note) patch.adjustmentNote = note;
  }
  return patch;
};

/** The PATCH of the admin's own account: without what only another admin may change. */
export const toOwnPatch = (values: UserFormValues): UserPatch => {
  const patch = toUserPatch(values);
  for (const field of OWN_STANDING) delete patch[field];
  return patch;
};

/**
 * How many points the save would add to the balance when that needs a second admin (at least
 * the detail's `secondApprovalFromPoints`), or null when it applies at once.
 */
export const creditNeedingReason = (
  values: UserFormValues,
  record: Pick<UserRecord, 'balance' | 'secondApprovalFromPoints'>,
): number | null => {
  const threshold = record.secondApprovalFromPoints;
  const credit = toNumber(values.balance) - record.balance;
  return typeof threshold === 'number' && credit >= threshold ? credit : null;
};

/**
 * The edit form's checks: the API's own (contract/users) on the values as they will be sent, so
 * a negative balance is 'Balance must be 0 or more' under its field, beside every other bad one.
 */
export const userResolver = contractResolver<UserFormValues>(UserPatch, toUserPatch);
