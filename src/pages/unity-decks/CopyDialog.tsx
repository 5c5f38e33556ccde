import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { dateKeyProblem } from './dates';

export interface CopyDialogProps {
  /** The day copied into. */
  dateKey: string;
  /** The day has edits not saved: the copy replaces them. */
  dirty: boolean;
  onCopy: (fromDateKey: string) => void;
  onClose: () => void;
}

/** The dialog's one field: the source day (trimmed), empty to cancel, never the day itself. */
const sourceOf = (dateKey: string) =>
  z.object({ source: z.string().trim() }).superRefine(({ source }, ctx) => {
    if (!source) return;
    const wrong =
      dateKeyProblem(source) ?? (source === dateKey ? `Pick a day other than ${dateKey}` : null);
    if (wrong) ctx.addIssue({ code: 'custom', path: ['source'], message: wrong });
  });

/**
 * 'Copy from…': asks for the source day in YYYY-MM-DD form. An empty answer cancels, as
 * Cancel, Escape and the backdrop do. Mount it for each question: it starts empty.
 */
export const CopyDialog = ({ dateKey, dirty, onCopy, onClose }: CopyDialogProps) => {
  const titleId = useId();
  const { register, handleSubmit, clearErrors, formState } = useForm({
    defaultValues: { source: '' },
    resolver: zodResolver(sourceOf(dateKey)),
    // the message stays until typed over; focus stays where the admin left it
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { ref, ...source } = register('source', { onChange: () => clearErrors('source') });
  const problem = formState.errors.source?.message;

  const submit = handleSubmit((values) => {
    onClose();
    if (values.source) onCopy(values.source);
  });

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>Copy from…</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {`The cards of the day you enter replace those of ${dateKey}.`}
            {dirty && ' Your unsaved changes will be lost.'}
          </DialogContentText>
          <TextField
            {...source}
            inputRef={ref}
            autoFocus
            fullWidth
            label="Source date (YYYY-MM-DD)"
            placeholder="YYYY-MM-DD"
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
