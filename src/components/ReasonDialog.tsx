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

/** A reason picked from a list, and the note beside it (required with `other`). */
export interface ReasonChoice<R extends string> {
  reason: R;
  note: string;
}

export interface ReasonDialogProps<R extends string> {
  open: boolean;
  /** The question, e.g. 'Are you sure you want to reject this withdrawal?': the dialog's name. */
  title: string;
  /** The reasons offered, in order; `other` among them needs a note. */
  reasons: readonly R[];
  labels: Record<R, string>;
  /** The note field's label ('Admin note'). */
  noteLabel: string;
  /** What each field says when it is missing on Confirm. */
  messages: { reason: string; note: string };
  /** The note the dialog starts with each time it opens (the page's note). */
  initialNote: string;
  /** What confirming will do with the note as typed (which rows it goes on). */
  describe?: (note: string) => string;
  busy: boolean;
  confirmColor?: 'primary' | 'error';
  onConfirm: (choice: ReasonChoice<R>) => void;
  onClose: () => void;
  /** Shown above the fields: what it acts on. */
  children?: ReactNode;
}

/** The reason and the note, checked before anything is sent. */
const ReasonForm = <R extends string>({
  reasons,
  labels,
  noteLabel,
  messages,
  initialNote,
  describe,
  busy,
  confirmColor = 'error',
  onConfirm,
  onClose,
  children,
}: Omit<ReasonDialogProps<R>, 'open' | 'title'>) => {
  const isReason = (value: string): value is R => (reasons as readonly string[]).includes(value);
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
      setErrors({ reason: messages.reason });
      reasonRef.current?.focus();
      return;
    }
    if (noteRequired && !note.trim()) {
      setErrors({ note: messages.note });
      noteRef.current?.focus();
      return;
    }
    onConfirm({ reason, note });
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
                isReason(String(value)) ? labels[value as R] : 'Choose a reason',
            },
            inputLabel: { shrink: true },
          }}
          sx={{ mt: 1 }}
        >
          {reasons.map((code) => (
            <MenuItem key={code} value={code}>
              {labels[code]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={noteLabel}
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
        {describe && !(noteRequired && !note.trim()) && (
          <DialogContentText>{describe(note)}</DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          color={confirmColor}
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
 * A confirmation that asks why: the question as its title, a required reason and a note
 * (required when the reason is Other). Confirm checks both and sends nothing while either is
 * missing, saying which on its field. Each opening starts afresh from `initialNote`.
 */
export const ReasonDialog = <R extends string>({ open, title, ...form }: ReasonDialogProps<R>) => {
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
      <ReasonForm key={round} {...form} />
    </Dialog>
  );
};
