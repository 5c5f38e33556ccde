import { Button, Tooltip } from '@mui/material';
import { useState } from 'react';
import { ApproveDialog } from './ApproveDialog';
import { RejectDialog } from './RejectDialog';
import { DECISION_LABELS, type Decision, type WithdrawalRecord } from './types';
import { noteSummary, useDecideWithdrawal } from './useDecisions';

export interface DecisionButtonProps {
  record: WithdrawalRecord;
  action: Decision;
  /** The note the confirmation's own note field starts from (the detail page's). */
  adminNote: string;
  /** The confirmation question (the list and the detail page word it differently). */
  confirmText: string;
  /** Why this admin cannot take the action now: the button is disabled, this its tooltip. */
  blockedBy?: string;
  size?: 'small' | 'medium';
}

/**
 * 'Approve' or 'Reject' one withdrawal: asks first, with the admin note and which row it goes on
 * (an approval names the withdrawal's high risk signals; a reject also asks why), then PATCHes
 * the decision with the note as the dialog holds it.
 */
export const DecisionButton = ({
  record,
  action,
  adminNote,
  confirmText,
  blockedBy,
  size = 'small',
}: DecisionButtonProps) => {
  const [open, setOpen] = useState(false);
  const { mutate, isPending } = useDecideWithdrawal();
  const color = action === 'approve' ? 'success' : 'error';
  const close = () => setOpen(false);

  const button = (
    <Button
      size={size}
      variant={size === 'small' ? 'outlined' : 'contained'}
      color={color}
      disabled={isPending || blockedBy !== undefined}
      onClick={() => setOpen(true)}
    >
      {DECISION_LABELS[action]}
    </Button>
  );

  return (
    <>
      {blockedBy ? (
        // not interactive: in a row the tooltip must not cover the Reject button under it
        <Tooltip title={blockedBy} disableInteractive>
          {/* a disabled button gets no pointer events: the tooltip listens on its wrapper */}
          <span style={{ display: 'inline-flex' }}>{button}</span>
        </Tooltip>
      ) : (
        button
      )}
      {action === 'reject' ? (
        <RejectDialog
          open={open}
          title={confirmText}
          initialNote={adminNote}
          describe={(note) => noteSummary(note, [record])}
          busy={isPending}
          onConfirm={({ reasonCode, adminNote: note }) =>
            mutate({ id: record.id, action, adminNote: note, reasonCode }, { onSettled: close })
          }
          onClose={close}
        />
      ) : (
        <ApproveDialog
          open={open}
          title={confirmText}
          rows={[record]}
          initialNote={adminNote}
          busy={isPending}
          onConfirm={({ adminNote: note }) =>
            mutate({ id: record.id, action, adminNote: note }, { onSettled: close })
          }
          onClose={close}
        />
      )}
    </>
  );
};
