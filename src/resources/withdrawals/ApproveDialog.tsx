import { Checkbox, DialogContentText, FormControlLabel, TextField } from '@mui/material';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { bulkConfirmText, DecisionRows } from './DecisionRows';
import { highTitles, type Signal, useSignals } from './signals';
import type { WithdrawalRecord } from './types';
import { noteSummary } from './useDecisions';

export interface ApproveChoice {
  adminNote: string;
  /** The rows to approve: all those asked about, or those without a `high` signal. */
  rows: WithdrawalRecord[];
}

export interface ApproveDialogProps {
  open: boolean;
  /** One withdrawal's question ('Are you sure you want to approve this withdrawal?'); a bulk
   * approval's is worked out from how many rows it keeps. */
  title?: string;
  rows: WithdrawalRecord[];
  /** The note the dialog starts with each time it opens (the detail page's). */
  initialNote: string;
  busy: boolean;
  onConfirm: (choice: ApproveChoice) => void;
  onClose: () => void;
}

const isHigh = (row: WithdrawalRecord) => row.risk?.level === 'high';

const withdrawals = (n: number) => `${n} withdrawal${n === 1 ? '' : 's'}`;

/** '2 of these 5 withdrawals carry a high risk signal.' */
export const highCountText = (count: number, of: number) =>
  `${count} of these ${withdrawals(of)} ${count === 1 ? 'carries' : 'carry'} a high risk signal.`;

/** What one withdrawal's `high` signals are, by name; a failed read says what its row says. */
const highSignalsText = (row: WithdrawalRecord, signals: readonly Signal[] | undefined) => {
  if (!signals) return isHigh(row) ? 'This withdrawal has a high risk signal.' : '';
  const titles = highTitles(signals);
  return titles ? `This withdrawal has high risk signals: ${titles}.` : '';
};

const ApproveForm = ({
  title,
  rows,
  initialNote,
  busy,
  onConfirm,
  onClose,
}: Omit<ApproveDialogProps, 'open'>) => {
  const [note, setNote] = useState(initialNote);
  const [leaveOut, setLeaveOut] = useState(false);
  const single = rows.length === 1 ? rows[0] : undefined;
  // one withdrawal's signals are read afresh (the detail page has them already)
  const { signals, isPending } = useSignals(single?.id ?? '', single !== undefined);
  const high = rows.filter(isHigh).length;
  const kept = leaveOut ? rows.filter((row) => !isHigh(row)) : rows;
  const warning = single ? highSignalsText(single, signals) : '';
  // a row known to be high risk waits until the admin can read what they approve over
  const checking = isPending && single !== undefined && isHigh(single);
  return (
    <ConfirmDialog
      open
      title={title ?? bulkConfirmText('approve', kept.length)}
      confirmColor="success"
      busy={busy}
      confirmDisabled={checking || kept.length === 0}
      onConfirm={() => onConfirm({ adminNote: note, rows: kept })}
      onClose={onClose}
    >
      {checking && (
        <DialogContentText role="status" sx={{ mb: 1 }}>
          Checking the risk signals…
        </DialogContentText>
      )}
      {warning && (
        <DialogContentText sx={{ color: 'error.main', mb: 1 }}>{warning}</DialogContentText>
      )}
      {!single && high > 0 && (
        <>
          <DialogContentText sx={{ color: 'error.main' }}>
            {highCountText(high, rows.length)}
          </DialogContentText>
          <FormControlLabel
            control={
              <Checkbox
                checked={leaveOut}
                onChange={(event) => setLeaveOut(event.target.checked)}
              />
            }
            label="Leave them out"
            disabled={busy}
            sx={{ mb: 1 }}
          />
        </>
      )}
      <DecisionRows action="approve" rows={kept} listed={!single} />
      <TextField
        label="Admin note"
        value={note}
        onChange={(event) => setNote(event.target.value)}
        multiline
        minRows={2}
        fullWidth
        disabled={busy}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
        sx={{ my: 1 }}
      />
      <DialogContentText>{noteSummary(note, kept)}</DialogContentText>
    </ConfirmDialog>
  );
};

/**
 * The approve confirmation: the rows, the admin note (optional, starting from `initialNote` at
 * each opening) and which rows it goes on; one withdrawal's `high` signals by name; for several,
 * how many carry a `high` signal, with a choice to leave them out.
 */
export const ApproveDialog = ({ open, ...form }: ApproveDialogProps) =>
  // mounted afresh at each opening: a note typed last time does not carry over unseen
  open ? <ApproveForm {...form} /> : null;
