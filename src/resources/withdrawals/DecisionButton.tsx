import { Button, Tooltip } from '@mui/material';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DecisionRows } from './DecisionRows';
import { RejectDialog } from './RejectDialog';
import { DECISION_LABELS, type Decision, type WithdrawalRecord } from './types';
import { noteSummary, useDecideWithdrawal } from './useDecisions';

export interface DecisionButtonProps {
  record: WithdrawalRecord;
  action: Decision;
  /** The note to send (a reject's dialog starts from it), read when the admin confirms. */
  adminNote: string;
  /** The confirmation question (the list and the detail page word it differently). */
  confirmText: string;
  /** Called once the decision is stored: the note it carried is spent. */
  onDecided?: () => void;
  /** Why this admin cannot take the action now: the button is disabled, this its tooltip. */
  blockedBy?: string;
  size?: 'small' | 'medium';
}

/**
 * 'Approve' or 'Reject' one withdrawal: asks first, saying which note goes on which row (a
 * reject also asks why), then PATCHes the decision.
 */
export const DecisionButton = ({
  record,
  action,
  adminNote,
  confirmText,
  onDecided,
  blockedBy,
  size = 'small',
}: DecisionButtonProps) => {
  const [open, setOpen] = useState(false);
  // kept from when it was asked, so the text does not change while the dialog fades out
  const [summary, setSummary] = useState('');
  const { mutate, isPending } = useDecideWithdrawal(onDecided);
  const color = action === 'approve' ? 'success' : 'error';
  const close = () => setOpen(false);

  const button = (
    <Button
      size={size}
      variant={size === 'small' ? 'outlined' : 'contained'}
      color={color}
      disabled={isPending || blockedBy !== undefined}
      onClick={() => {
        setSummary(noteSummary(adminNote, [record]));
        setOpen(true);
      }}
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
        <ConfirmDialog
          open={open}
          title={confirmText}
          description={summary}
          confirmColor={color}
          busy={isPending}
          onConfirm={() => mutate({ id: record.id, action, adminNote }, { onSettled: close })}
          onClose={close}
        >
          <DecisionRows action={action} rows={[record]} />
        </ConfirmDialog>
      )}
    </>
  );
};
