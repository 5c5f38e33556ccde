import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { type ReactNode, useId } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  /** The question, e.g. 'Are you sure you want to approve this withdrawal?': the dialog's name. */
  title: string;
  /** What confirming will do, when the question alone does not say it. */
  description?: string;
  /** More than a sentence, under the description (e.g. the rows a bulk action acts on). */
  children?: ReactNode;
  /** Read out when it changes (a description that is worked out after the dialog opens). */
  liveDescription?: boolean;
  confirmLabel?: string;
  confirmColor?: 'primary' | 'success' | 'error' | 'warning';
  /** While true the buttons are disabled and the dialog cannot be dismissed. */
  busy?: boolean;
  /** Keeps Confirm disabled, e.g. until what it acts on is known. */
  confirmDisabled?: boolean;
  /** Without it the dialog only informs: Cancel alone. */
  onConfirm?: () => void;
  onClose: () => void;
}

/**
 * A confirmation step (the spec's confirm() texts): the question as the dialog's title, then
 * Cancel and Confirm. Escape and the backdrop cancel, except while the action runs.
 */
export const ConfirmDialog = ({
  open,
  title,
  description,
  children,
  confirmLabel = 'Confirm',
  confirmColor = 'primary',
  liveDescription = false,
  busy = false,
  confirmDisabled = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) => {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId} sx={{ fontSize: '1rem', fontWeight: 500 }}>
        {title}
      </DialogTitle>
      {(description || children) && (
        <DialogContent>
          {description && (
            <DialogContentText role={liveDescription ? 'status' : undefined}>
              {description}
            </DialogContentText>
          )}
          {children}
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        {onConfirm && (
          <Button
            variant="contained"
            color={confirmColor}
            onClick={onConfirm}
            disabled={busy || confirmDisabled}
            startIcon={busy ? <CircularProgress size={14} color="inherit" /> : undefined}
            autoFocus
          >
            {confirmLabel}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};
