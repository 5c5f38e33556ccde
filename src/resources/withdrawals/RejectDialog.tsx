import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import {
  REJECT_REASON_LABELS,
  REJECT_REASONS,
  type RejectReason,
} from '../../../contract/withdrawals';

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

const isReason = (value: string): value is RejectReason =>
  (REJECT_REASONS as readonly string[]).includes(value);

/** The reason and the note, checked before anything is sent. */
const RejectForm = ({
  initialNote,
  describe,
  busy,
  onConfirm,
  onClose,
  children,
}: Omit<RejectDialogProps, 'open' | 'title'>) => {
  const [reason, setReason] = useState('');
  const [note, setNote] = useState(initialNote);
  const [errors, setErrors] = useState<{ reason?: string; note?: string }>({});
  // MUI's select hands its inputRef a handle whose focus() focuses the combobox
  const reasonRef = useRef<{ focus: () => void }>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const noteRequired = reason === 'other';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!isReason(reason)) {
      setErrors({ reason: CHOOSE_A_REASON });
      reasonRef.current?.focus();
      return;
    }
    if (noteRequired && !note.trim()) {
      setErrors({ note: NOTE_FOR_OTHER });
      noteRef.current?.focus();
      return;
    }
    onConfirm({ reasonCode: reason, adminNote: note });
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
        {children}
        <TextField
          select
          required
          autoFocus
          size="small"
          label="Reason"
          value={reason}
          error={errors.reason !== undefined}
          helperText={errors.reason}
          disabled={busy}
          inputRef={reasonRef}
          onChange={(event) => {
            setReason(event.target.value);
            setErrors({});
          }}
          slotProps={{
            select: {
              displayEmpty: true,
              renderValue: (value) =>
                isReason(String(value))
                  ? REJECT_REASON_LABELS[value as RejectReason]
                  : 'Choose a reason',
            },
            inputLabel: { shrink: true },
          }}
          sx={{ mt: 1 }}
        >
          {REJECT_REASONS.map((code) => (
            <MenuItem key={code} value={code}>
              {REJECT_REASON_LABELS[code]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Admin note"
          required={noteRequired}
          value={note}
          multiline
          minRows={2}
          error={errors.note !== undefined}
          helperText={
            errors.note ?? (noteRequired ? 'Required when the reason is Other' : undefined)
          }
          disabled={busy}
          inputRef={noteRef}
          onChange={(event) => {
            setNote(event.target.value);
            setErrors(({ note: _fixed, ...rest }) => rest);
          }}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
        {/* with Other and no note yet, nothing to say: the note's own hint says it is needed */}
        {!(noteRequired && !note.trim()) && <DialogContentText>{describe(note)}</DialogContentText>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          color="error"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={14} color="inherit" /> : undefined}
        >
          Confirm
        </Button>
      </DialogActions>
    </Box>
  );
};

/**
 * The reject confirmation: the question as its title, a required reason and the admin note
 * (required when the reason is Other). Confirm checks both and sends nothing while either is
 * missing, saying which on its field. Each opening starts afresh from `initialNote`.
 */
export const RejectDialog = ({ open, title, ...form }: RejectDialogProps) => {
  const titleId = useId();
  // a new form per opening: what was picked last time does not carry over unseen
  const [round, setRound] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setRound((count) => count + 1);
  }
  return (
    <Dialog
      open={open}
      onClose={form.busy ? undefined : form.onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId} sx={{ fontSize: '1rem', fontWeight: 500 }}>
        {title}
      </DialogTitle>
      <RejectForm key={round} {...form} />
    </Dialog>
  );
};
