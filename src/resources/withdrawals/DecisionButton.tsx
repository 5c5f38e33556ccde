import { Button } from '@mui/material';
import { useState } from 'react';
import type { Identifier } from 'react-admin';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DECISION_LABELS, type Decision } from './types';
import { useDecideWithdrawal } from './useDecisions';

export interface DecisionButtonProps {
  id: Identifier;
  action: Decision;
  /** The note to send, read when the admin confirms. */
  adminNote: string;
  /** The confirmation question (the list and the detail page word it differently). */
  confirmText: string;
  size?: 'small' | 'medium';
}

/** 'Approve' or 'Reject' one withdrawal: asks first, then PATCHes the decision. */
export const DecisionButton = ({
  id,
  action,
  adminNote,
  confirmText,
  size = 'small',
}: DecisionButtonProps) => {
  const [open, setOpen] = useState(false);
  const { mutate, isPending } = useDecideWithdrawal();
  const color = action === 'approve' ? 'success' : 'error';

  const confirm = () => mutate({ id, action, adminNote }, { onSettled: () => setOpen(false) });

  return (
    <>
      <Button
        size={size}
        variant={size === 'small' ? 'outlined' : 'contained'}
        color={color}
        disabled={isPending}
        onClick={() => setOpen(true)}
      >
        {DECISION_LABELS[action]}
      </Button>
      <ConfirmDialog
        open={open}
        title={confirmText}
        confirmColor={color}
        busy={isPending}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
