import { Button } from '@mui/material';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DECISION_LABELS, type Decision, type WithdrawalRecord } from './types';
import { noteSummary, useDecideWithdrawal } from './useDecisions';

export interface DecisionButtonProps {
  record: WithdrawalRecord;
  action: Decision;
  /** The note to send, read when the admin confirms. */
  adminNote: string;
  /** The confirmation question (the list and the detail page word it differently). */
  confirmText: string;
  /** Called once the decision is stored: the note it carried is spent. */
  onDecided?: () => void;
  size?: 'small' | 'medium';
}

/**
 * 'Approve' or 'Reject' one withdrawal: asks first, saying which note goes on which row, then
 * PATCHes the decision.
 */
export const DecisionButton = ({
  record,
  action,
  adminNote,
  confirmText,
  onDecided,
  size = 'small',
}: DecisionButtonProps) => {
  const [open, setOpen] = useState(false);
  // kept from when it was asked, so the text does not change while the dialog fades out
  const [summary, setSummary] = useState('');
  const { mutate, isPending } = useDecideWithdrawal(onDecided);
  const color = action === 'approve' ? 'success' : 'error';

  const confirm = () =>
    mutate({ id: record.id, action, adminNote }, { onSettled: () => setOpen(false) });

  return (
    <>
      <Button
        size={size}
        variant={size === 'small' ? 'outlined' : 'contained'}
        color={color}
        disabled={isPending}
        onClick={() => {
          setSummary(noteSummary(adminNote, [record]));
          setOpen(true);
        }}
      >
        {DECISION_LABELS[action]}
      </Button>
      <ConfirmDialog
        open={open}
        title={confirmText}
        description={summary}
        confirmColor={color}
        busy={isPending}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
