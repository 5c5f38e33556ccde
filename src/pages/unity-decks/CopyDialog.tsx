import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { type FormEvent, useId, useState } from 'react';
import { dateKeyProblem } from './dates';

export interface CopyDialogProps {
  /** The day copied into. */
  dateKey: string;
  /** The day has edits not saved: the copy replaces them. */
  dirty: boolean;
  onCopy: (fromDateKey: string) => void;
  onClose: () => void;
}

/**
 * 'Copy from…': asks for the source day in YYYY-MM-DD form. An empty answer cancels, as
 * Cancel, Escape and the backdrop do. Mount it for each question: it starts empty.
 */
export const CopyDialog = ({ dateKey, dirty, onCopy, onClose }: CopyDialogProps) => {
  const titleId = useId();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const source = value.trim();
    if (!source) {
      onClose();
      return;
    }
    const wrong =
      dateKeyProblem(source) ?? (source === dateKey ? `Pick a day other than ${dateKey}` : null);
    if (wrong) {
      setProblem(wrong);
      return;
    }
    onClose();
    onCopy(source);
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Copy from…</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {`The cards of the day you enter replace those of ${dateKey}.`}
            {dirty && ' Your unsaved changes will be lost.'}
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            label="Source date (YYYY-MM-DD)"
            placeholder="YYYY-MM-DD"
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setProblem(null);
            }}
            error={Boolean(problem)}
            helperText={problem ?? 'Leave it empty to cancel'}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained">
            Copy
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
