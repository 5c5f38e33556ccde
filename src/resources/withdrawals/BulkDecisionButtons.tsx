import { useListContext } from 'react-admin';
import { type BulkAction, BulkActionButtons } from '../../components/BulkActionButtons';
import { bulkConfirmText, DecisionRows } from './DecisionRows';
import { type RejectChoice, RejectDialog } from './RejectDialog';
import type { Decision, WithdrawalRecord } from './types';
import { noteSummary, useBulkDecideWithdrawals } from './useDecisions';

const ACTIONS: readonly BulkAction<Decision>[] = [
  { action: 'approve', label: 'Approve selected', color: 'success' },
  { action: 'reject', label: 'Reject selected', color: 'error' },
];

/** Only a pending withdrawal can still be decided. */
const isPending = (record: unknown) => (record as WithdrawalRecord).status === 'pending';

/**
 * 'Approve selected' and 'Reject selected' act on the checked pending rows: they ask 'Approve 3
 * withdrawals?', listing each row's user and amount (and which get only their first of two
 * approvals) and the rows the admin note goes on (a reject also asks why, starting from the
 * page's note), then PATCH the bulk call. `onDecided` runs once the decision is stored.
 */
export const BulkDecisionButtons = ({
  adminNote,
  onDecided,
}: {
  adminNote: string;
  onDecided: () => void;
}) => {
  const { onUnselectItems } = useListContext();
  const { mutateAsync } = useBulkDecideWithdrawals(() => {
    onUnselectItems();
    onDecided();
  });
  return (
    <BulkActionButtons<Decision, RejectChoice>
      actions={ACTIONS}
      canAct={isPending}
      confirmText={bulkConfirmText}
      describe={(_action, records) => noteSummary(adminNote, records as WithdrawalRecord[])}
      details={(action, records) => (
        <DecisionRows action={action} rows={records as WithdrawalRecord[]} listed />
      )}
      dialog={({ action, records, confirm, close, ...shown }) =>
        action === 'reject' ? (
          <RejectDialog
            {...shown}
            initialNote={adminNote}
            describe={(note) => noteSummary(note, records as WithdrawalRecord[])}
            onConfirm={confirm}
            onClose={close}
          >
            <DecisionRows action={action} rows={records as WithdrawalRecord[]} listed />
          </RejectDialog>
        ) : null
      }
      onConfirm={(action, ids, choice) => mutateAsync({ action, ids, adminNote, ...choice })}
    />
  );
};
