import { type Identifier, useListContext } from 'react-admin';
import type { RejectReason } from '../../../contract/withdrawals';
import { type BulkAction, BulkActionButtons } from '../../components/BulkActionButtons';
import { ApproveDialog } from './ApproveDialog';
import { bulkConfirmText, DecisionRows } from './DecisionRows';
import { RejectDialog } from './RejectDialog';
import type { Decision, WithdrawalRecord } from './types';
import { noteSummary, useBulkDecideWithdrawals } from './useDecisions';

const ACTIONS: readonly BulkAction<Decision>[] = [
  { action: 'approve', label: 'Approve selected', color: 'success' },
  { action: 'reject', label: 'Reject selected', color: 'error' },
];

/** Only a pending withdrawal can still be decided. */
const isPending = (record: unknown) => (record as WithdrawalRecord).status === 'pending';

/** What a bulk decision's dialog asked for: the note, a reject's reason, the rows it keeps. */
interface BulkChoice {
  adminNote: string;
  reasonCode?: RejectReason;
  /** Fewer than the checked rows: those whose high risk signal the admin left out. */
  ids?: Identifier[];
}

/**
 * 'Approve selected' and 'Reject selected' act on the checked pending rows: they ask 'Approve 3
 * withdrawals?', listing each row's user and amount (and which get only their first of two
 * approvals), with the admin note and the rows it goes on. An approval says how many rows carry
 * a `high` risk signal and can leave them out; a reject also asks why. Then PATCHes the bulk call.
 */
export const BulkDecisionButtons = () => {
  const { onUnselectItems } = useListContext();
  const { mutateAsync } = useBulkDecideWithdrawals(onUnselectItems);
  return (
    <BulkActionButtons<Decision, BulkChoice>
      actions={ACTIONS}
      canAct={isPending}
      confirmText={bulkConfirmText}
      dialog={({ action, records, confirm, close, ...shown }) => {
        const rows = records as WithdrawalRecord[];
        return action === 'reject' ? (
          <RejectDialog
            {...shown}
            initialNote=""
            describe={(note) => noteSummary(note, rows)}
            onConfirm={confirm}
            onClose={close}
          >
            <DecisionRows action={action} rows={rows} listed />
          </RejectDialog>
        ) : (
          <ApproveDialog
            open={shown.open}
            rows={rows}
            initialNote=""
            busy={shown.busy}
            onConfirm={({ adminNote, rows: kept }) =>
              confirm({ adminNote, ids: kept.map((row) => row.id) })
            }
            onClose={close}
          />
        );
      }}
      onConfirm={(action, ids, choice) =>
        mutateAsync({
          action,
          ids: choice?.ids ?? ids,
          adminNote: choice?.adminNote ?? '',
          reasonCode: choice?.reasonCode,
        })
      }
    />
  );
};
