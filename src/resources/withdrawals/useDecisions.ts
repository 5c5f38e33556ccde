import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Identifier, useDataProvider, useNotify, useRefresh } from 'react-admin';
import type { BulkDecisionResponse, Withdrawal } from '../../../contract/withdrawals';
import { errorMessage } from '../../apiErrors';
import type { AppDataProvider } from '../../dataProvider';
import { formatUsd } from '../../format';
import type { Decision, WithdrawalRecord } from './types';

/** The optional admin note as the API wants it: trimmed, and left out when empty. */
export const noteField = (adminNote: string): { adminNote?: string } => {
  const note = adminNote.trim();
  return note ? { adminNote: note } : {};
};

const PAST: Record<Decision, string> = { approve: 'approved', reject: 'rejected' };

/** Names the rows a decision is about to store the note on, e.g. in its confirmation. */
export const noteSummary = (adminNote: string, rows: readonly WithdrawalRecord[]): string => {
  const note = adminNote.trim();
  if (!note) return 'No admin note will be saved.';
  const named = rows.map(
    (row) => `${row.user?.username ?? row.userId} (${row.userId}, ${formatUsd(row.usdValue)})`,
  );
  return `The note "${note}" will be saved on: ${named.join(', ')}.`;
};

/** e.g. '2 withdrawals approved', '1 withdrawal rejected, 1 skipped (already approved)'. */
export const bulkResultMessage = (action: Decision, res: BulkDecisionResponse): string => {
  const updated = res.updated ?? 0;
  const skipped = res.skipped ?? [];
  let message = `${updated} withdrawal${updated === 1 ? '' : 's'} ${PAST[action]}`;
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
}

type CachedList = { data: WithdrawalRecord[] } | undefined;

/**
 * The decided withdrawal as the API answered it, into react-admin's cache: its detail and its
 * row in every loaded page show it at once. The lists still load again, as the row may have
 * left a status filter and the totals changed.
 */
const useKeepDecided = () => {
  const queryClient = useQueryClient();
  return (withdrawal: Withdrawal) => {
    const record = { ...withdrawal, id: withdrawal._id } as WithdrawalRecord;
    queryClient.setQueryData(['withdrawals', 'getOne', { id: String(record.id) }], record);
    queryClient.setQueriesData<CachedList>(
      { queryKey: ['withdrawals', 'getList'] },
      (page) =>
        page && { ...page, data: page.data.map((row) => (row.id === record.id ? record : row)) },
    );
    void queryClient.invalidateQueries({ queryKey: ['withdrawals', 'getList'] });
  };
};

/**
 * PATCH /admin/withdrawals/{id}/decision. Notifies the outcome (the server's message on failure,
 * e.g. 'already approved'), keeps the answered withdrawal, and calls `onSuccess`; a failure
 * reloads, as the withdrawal may have changed meanwhile.
 */
export const useDecideWithdrawal = (onSuccess?: () => void) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const keep = useKeepDecided();
  return useMutation({
    mutationFn: ({ id, action, adminNote }: DecisionVariables) =>
      dataProvider.decideWithdrawal(id, { action, ...noteField(adminNote) }),
    onSuccess: ({ withdrawal }, { action }) => {
      keep(withdrawal);
      notify(`Withdrawal ${PAST[action]}`, { type: 'success' });
      onSuccess?.();
    },
    onError: (error, { action }) => {
      notify(errorMessage(error, `Could not ${action} the withdrawal`), { type: 'error' });
      refresh();
    },
  });
};

export interface BulkDecisionVariables {
  ids: Identifier[];
  action: Decision;
  adminNote: string;
}

/** PATCH /admin/withdrawals/bulk: notifies how many were updated and skipped, then refreshes. */
export const useBulkDecideWithdrawals = (onSuccess?: () => void) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ ids, action, adminNote }: BulkDecisionVariables) =>
      dataProvider.bulkDecideWithdrawals({ ids, action, ...noteField(adminNote) }),
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
  });
};
