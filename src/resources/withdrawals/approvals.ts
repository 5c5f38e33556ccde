import { useState } from 'react';
import { OWN_WITHDRAWAL, SECOND_APPROVER_REQUIRED } from '../../../contract/withdrawals';
import { getStoredUser, type StoredUser } from '../../storage';
import type { WithdrawalRecord } from './types';

/** e.g. '1 of 2': approvals given of those required; '-' for one rejected before any. */
export const approvalsText = (
  record: Pick<WithdrawalRecord, 'approvals' | 'approvalsRequired' | 'status'>,
) => {
  const given = record.approvals?.length ?? 0;
  if (record.status === 'rejected' && given === 0) return '-';
  return `${given} of ${record.approvalsRequired ?? 1}`;
};

/** The signed-in admin as the sign-in check stored them: `_id` is what an approval's `adminId` holds. */
export const useSignedInAdmin = (): StoredUser | null => useState(getStoredUser)[0];

/** A pending withdrawal this admin already approved once: the next approval is another's. */
export const awaitsAnotherAdmin = (record: WithdrawalRecord, myId: string | undefined) =>
  record.status === 'pending' &&
  myId !== undefined &&
  (record.approvals ?? []).some((approval) => approval.adminId === myId);

/** Why a disabled player's withdrawal cannot be approved (the API answers 409 user_disabled). */
export const ACCOUNT_DISABLED =
  "This player's account is disabled: their withdrawal can be rejected, not approved.";

/** An approval now is only the first of the two it needs: it stays pending for another admin. */
export const getsFirstOfTwo = (
  record: Pick<WithdrawalRecord, 'approvals' | 'approvalsRequired' | 'status'>,
) =>
  record.status === 'pending' &&
  record.approvalsRequired === 2 &&
  (record.approvals?.length ?? 0) === 0;

/**
 * Why `me` may not approve the withdrawal, as the API would answer: what the GET of one said
 * (`approvalRefusal`: also approvers who are not independent), else as worked out here from the
 * row: the player's account is disabled, it is their own account's, or they gave its first
 * approval. Undefined when they may.
 */
export const approvalBlock = (
  record: WithdrawalRecord,
  me: StoredUser | null,
): string | undefined => {
  if (record.status !== 'pending') return undefined;
  if (record.approvalRefusal !== undefined) return record.approvalRefusal?.error;
  if (record.user?.status === 'disabled') return ACCOUNT_DISABLED;
  if (!me) return undefined;
  if (me.userId === record.userId) return OWN_WITHDRAWAL;
  return awaitsAnotherAdmin(record, me._id) ? SECOND_APPROVER_REQUIRED : undefined;
};
