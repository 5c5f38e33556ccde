import { type Identifier, useNotify, useRefresh } from 'react-admin';
import {
  type BulkDecisionResponse,
  FIRST_APPROVAL_RECORDED,
  type RejectReason,
  type Withdrawal,
} from '../../../contract/withdrawals';
import { errorMessage } from '../../apiErrors';
import { useAction, useResourceCache } from '../../components/useAction';
import { formatUsd } from '../../format';
import type { Decision, WithdrawalRecord } from './types';

/** The optional admin note as the API wants it: trimmed, and left out when empty. */
export const noteField = (adminNote: string): { adminNote?: string } => {
  const note = adminNote.trim();
  return note ? { adminNote: note } : {};
};

/** A reject's reason, when one was given. */
const reasonField = (reasonCode: RejectReason | undefined): { reasonCode?: RejectReason } =>
  reasonCode ? { reasonCode } : {};

const PAST: Record<Decision, string> = { approve: 'approved', reject: 'rejected' };

/** 'Withdrawal approved', or the first of two approvals: it stays pending. */
export const decidedMessage = (action: Decision, withdrawal: Withdrawal): string =>
  action === 'approve' && withdrawal.status === 'pending'
    ? FIRST_APPROVAL_RECORDED
    : `Withdrawal ${PAST[action]}`;

/** Names the rows a decision is about to store the note on, e.g. in its confirmation. */
export const noteSummary = (adminNote: string, rows: readonly WithdrawalRecord[]): string => {
  const note = adminNote.trim();
  if (!note) return 'No admin note will be saved.';
  const named = rows.map(
    (row) => `${row.user?.username ?? row.userId} (${row.userId}, ${formatUsd(row.usdValue)})`,
  );
  return `The note "${note}" will be saved on: ${named.join(', ')}.`;
};

/**
 * e.g. '2 withdrawals approved', '2 withdrawals approved, 3 awaiting a second approval',
 * 'First approval recorded on 3 withdrawals', '1 withdrawal rejected, 1 skipped (already approved)'.
 */
export const bulkResultMessage = (action: Decision, res: BulkDecisionResponse): string => {
  const updated = res.updated ?? 0;
  const awaiting = res.awaitingSecondApproval ?? 0;
  const skipped = res.skipped ?? [];
  const withdrawals = (n: number) => `${n} withdrawal${n === 1 ? '' : 's'}`;
  // Only first approvals: say what happened, not '0 withdrawals approved'.
  let message =
    updated === 0 && awaiting > 0
      ? `First approval recorded on ${withdrawals(awaiting)}`
      : `${withdrawals(updated)} ${PAST[action]}`;
  if (updated > 0 && awaiting > 0) message += `, ${awaiting} awaiting a second approval`;
  if (skipped.length > 0) {
    const reasons = [...new Set(skipped.map((item) => item.reason).filter(Boolean))];
    message += `, ${skipped.length} skipped${reasons.length ? ` (${reasons.join(', ')})` : ''}`;
  }
  return message;
};

export interface DecisionVariables {
  id: Identifier;
  action: Decision;
  adminNote: string;
  /** A reject's reason. */
  reasonCode?: RejectReason;
}

/**
 * The decided withdrawal as the API answered it, into react-admin's cache: its detail and its
 * row in every loaded page show it at once. The lists and its history (the decision is a new
 * entry of its timeline) still load again, as the row may have left a status filter and the
 * totals changed.
 */
const useKeepDecided = () => {
  const cache = useResourceCache();
  return (withdrawal: Withdrawal) => {
    const record = { ...withdrawal, id: withdrawal._id } as WithdrawalRecord;
    cache.put('withdrawals', record.id, record);
    cache.reload([{ lists: 'withdrawals' }, 'audit']);
  };
};

/**
 * PATCH /admin/withdrawals/{id}/decision. Notifies the outcome (the server's message on failure,
 * e.g. 'already approved'), keeps the answered withdrawal, and calls `onSuccess`; a failure
 * reloads, as the withdrawal may have changed meanwhile.
 */
export const useDecideWithdrawal = (onSuccess?: () => void) => {
  const notify = useNotify();
  const refresh = useRefresh();
  const keep = useKeepDecided();
  return useAction(
    (dataProvider, { id, action, adminNote, reasonCode }: DecisionVariables) =>
      dataProvider.decideWithdrawal(id, {
        action,
        ...noteField(adminNote),
        ...reasonField(reasonCode),
      }),
    {
      onSuccess: ({ withdrawal }, { action }) => {
        keep(withdrawal);
        notify(decidedMessage(action, withdrawal), { type: 'success' });
        onSuccess?.();
      },
      onError: (error, { action }) => {
        notify(errorMessage(error, `Could not ${action} the withdrawal`), { type: 'error' });
        refresh();
      },
    },
  );
};

export interface BulkDecisionVariables {
  ids: Identifier[];
  action: Decision;
  adminNote: string;
  /** A reject's reason. */
  reasonCode?: RejectReason;
}

/**
 * PATCH /admin/withdrawals/bulk: notifies how many were updated, given a first approval and
 * skipped, then refreshes.
 */
export const useBulkDecideWithdrawals = (onSuccess?: () => void) => {
  const notify = useNotify();
  const refresh = useRefresh();
  return useAction(
    (dataProvider, { ids, action, adminNote, reasonCode }: BulkDecisionVariables) =>
      dataProvider.bulkDecideWithdrawals({
        ids,
        action,
        ...noteField(adminNote),
        ...reasonField(reasonCode),
      }),
    {
      onSuccess: (res, { action }) => {
        notify(bulkResultMessage(action, res), {
          type: res.skipped?.length ? 'warning' : 'success',
        });
        onSuccess?.();
      },
      onError: (error, { action }) =>
        notify(errorMessage(error, `Could not ${action} the selected withdrawals`), {
          type: 'error',
        }),
      onSettled: () => refresh(),
    },
  );
};
