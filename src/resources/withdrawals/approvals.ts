import { useState } from 'react';
import { getStoredUser } from '../../storage';
import type { WithdrawalRecord } from './types';

/** e.g. '1 of 2': approvals given of those required. */
export const approvalsText = (record: Pick<WithdrawalRecord, 'approvals' | 'approvalsRequired'>) =>
  `${record.approvals?.length ?? 0} of ${record.approvalsRequired ?? 1}`;

/**
 * The signed-in admin's user `_id` (what an approval's `adminId` holds), from the me answer the
 * sign-in check stored; the identity react-admin offers carries the public userId instead.
 */
export const useMyAdminId = (): string | undefined => {
  const [id] = useState(() => getStoredUser()?._id);
  return id;
};

/** A pending withdrawal this admin already approved once: the next approval is another's. */
export const awaitsAnotherAdmin = (record: WithdrawalRecord, myId: string | undefined) =>
  record.status === 'pending' &&
  myId !== undefined &&
  (record.approvals ?? []).some((approval) => approval.adminId === myId);
