import type { AuditListItem } from '../../../contract/audit';
import { REJECT_REASON_LABELS, type RejectReason } from '../../../contract/withdrawals';
import { formatNumber } from '../../format';

/** An entry in words: what happened, lines that say more, and the fields those lines cover. */
export interface Described {
  what: string;
  details: string[];
  /** Fields of the change the words already say: not listed again among the changes. */
  said: string[];
}

/** Actions of one kind of record with words of their own. */
const ACTIONS: Record<string, string> = {
  'withdrawal.approval': 'First approval (1 of 2)',
  'withdrawal.approve': 'Approved',
  'withdrawal.reject': 'Rejected',
  'user.disable': 'Disabled',
  'user.password': 'Password changed',
  'user.role': 'Admin role changed',
  'user.permissions': 'Permissions changed',
  'user.create_admin': 'Made an admin',
  'user.reset_admin': 'Admin access reset',
  'auth.login': 'Signed in',
  'auth.login_failed': 'Failed sign-in',
  'auth.logout': 'Signed out',
  'auth.two_step_enabled': 'Enabled two-step sign-in',
  'auth.two_step_disabled': 'Turned off two-step sign-in',
  'auth.two_step_codes_wrong': 'Wrong two-step codes after a correct password',
  'auth.two_step_warning_dismissed': 'Dismissed the warning about wrong two-step codes',
  'user.two_step_reset': 'Two-step sign-in reset',
  'auth.password_change': 'Changed own password',
  'auth.sessions_end': 'Ended sessions',
  'legal.activate': 'Activated',
  'seed.demo': 'Demo data created',
};

/** What any kind of record's action says ('bot.update', 'category.create'...). */
const VERBS: Record<string, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  save: 'Saved',
  copy: 'Copied',
};

/** The fields the words of an action already say. */
const SAID: Record<string, string[]> = {
  'user.password': ['passwordChanged'],
  'auth.password_change': ['passwordChanged'],
  'user.two_step_reset': ['twoStep'],
  'auth.sessions_end': ['ended'],
  'withdrawal.approval': ['approvals', 'approvalsRequired'],
  'withdrawal.reject': ['reasonCode', 'refundedPoints'],
};

const fieldOf = (side: unknown, field: string): unknown =>
  typeof side === 'object' && side !== null ? (side as Record<string, unknown>)[field] : undefined;

const isReason = (value: unknown): value is RejectReason =>
  typeof value === 'string' && Object.hasOwn(REJECT_REASON_LABELS, value);

/** 'bulk_active' → 'Bulk active': an action nobody gave words yet, still readable. */
const fallback = (verb: string) => {
  const words = verb.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const whatOf = (action: string, after: unknown) => {
  const verb = action.slice(action.lastIndexOf('.') + 1);
  if (action === 'withdrawal.reject') {
    const reason = fieldOf(after, 'reasonCode');
    return isReason(reason) ? `Rejected: ${REJECT_REASON_LABELS[reason]}` : 'Rejected';
  }
  if (verb === 'toggle') {
    const active = fieldOf(after, 'isActive');
    if (typeof active === 'boolean') return active ? 'Enabled' : 'Disabled';
  }
  return ACTIONS[action] ?? VERBS[verb] ?? fallback(verb);
};

/**
 * An entry in words: a reject with a reason and a refund is 'Rejected: Fraud suspected', then
 * 'Refunded 1,000 points'.
 */
/** The lines under the words: a reject's refund, how many sessions ended. */
const detailsOf = (action: string, after: unknown): string[] => {
  const refunded = fieldOf(after, 'refundedPoints');
  if (typeof refunded === 'number') return [`Refunded ${formatNumber(refunded)} points`];
  const ended = fieldOf(after, 'ended');
  if (action === 'auth.sessions_end' && typeof ended === 'number') {
    return [ended === 1 ? '1 session' : `${formatNumber(ended)} sessions`];
  }
  return [];
};

export const describeEntry = ({
  action,
  after,
}: Pick<AuditListItem, 'action' | 'after'>): Described => ({
  what: whatOf(action, after),
  details: detailsOf(action, after),
  said: SAID[action] ?? [],
});
