import type { ReactNode } from 'react';
import {
  REJECT_REASON_LABELS,
  REJECT_REASONS,
  type RejectReason,
} from '../../../contract/withdrawals';
import { ReasonDialog } from '../../components/ReasonDialog';

export const CHOOSE_A_REASON = 'Choose a reason.';
export const NOTE_FOR_OTHER = 'Add a note when the reason is Other.';

export interface RejectChoice {
  reasonCode: RejectReason;
  adminNote: string;
}

export interface RejectDialogProps {
  open: boolean;
  /** The question, e.g. 'Are you sure you want to reject this withdrawal?': the dialog's name. */
  title: string;
  /** The note the dialog starts with each time it opens (the page's note). */
  initialNote: string;
  /** What confirming will do with the note as typed (which rows it goes on). */
  describe: (note: string) => string;
  busy: boolean;
  onConfirm: (choice: RejectChoice) => void;
  onClose: () => void;
  /** Shown above the fields: the rows it acts on. */
  children?: ReactNode;
}

/**
 * The reject confirmation: a required reason and the admin note (required when the reason is
 * Other), checked before anything is sent.
 */
export const RejectDialog = ({ onConfirm, ...props }: RejectDialogProps) => (
  <ReasonDialog
    {...props}
    reasons={REJECT_REASONS}
    labels={REJECT_REASON_LABELS}
    noteLabel="Admin note"
    messages={{ reason: CHOOSE_A_REASON, note: NOTE_FOR_OTHER }}
    onConfirm={({ reason, note }) => onConfirm({ reasonCode: reason, adminNote: note })}
  />
);
