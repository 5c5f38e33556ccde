import {
  ADJUSTMENT_NOTE_REQUIRED,
  ADJUSTMENT_REASON_LABELS,
  ADJUSTMENT_REASON_REQUIRED,
  ADJUSTMENT_REASONS,
  type AdjustmentReason,
} from '../../../contract/adjustments';
import { fieldLabel } from '../../../contract/labels';
import { sentence } from '../../../contract/messages';
import { type ReasonChoice, ReasonDialog } from '../../components/ReasonDialog';
import { formatNumber } from '../../format';

const REASON = fieldLabel(['adjustmentReason']);
const NOTE = fieldLabel(['adjustmentNote']);

/** As the API words a missing reason or note ('Reason is required for a credit that needs…'). */
export const CREDIT_MESSAGES = {
  reason: sentence(REASON, ADJUSTMENT_REASON_REQUIRED),
  note: sentence(NOTE, ADJUSTMENT_NOTE_REQUIRED),
};

export const creditQuestion = (delta: number) => `Why credit ${formatNumber(delta)} points?`;

/**
 * Asked before saving a credit at or above the payout controls' points threshold: its reason
 * (a note required with Other), which the save sends as adjustmentReason / adjustmentNote.
 */
export const CreditReasonDialog = ({
  open,
  delta,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  delta: number;
  busy: boolean;
  onConfirm: (choice: ReasonChoice<AdjustmentReason>) => void;
  onClose: () => void;
}) => (
  <ReasonDialog
    open={open}
    title={creditQuestion(delta)}
    reasons={ADJUSTMENT_REASONS}
    labels={ADJUSTMENT_REASON_LABELS}
    noteLabel={NOTE}
    messages={CREDIT_MESSAGES}
    initialNote=""
    describe={() =>
      'The balance stays as it is until a second admin approves the credit; the other changes save now.'
    }
    busy={busy}
    confirmColor="primary"
    onConfirm={onConfirm}
    onClose={onClose}
  />
);
