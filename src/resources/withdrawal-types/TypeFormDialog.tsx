import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { TypeForm } from './TypeForm';
import { TypeSaveButton } from './TypeSaveButton';
import type { WithdrawalTypeRecord } from './types';
import { useSaveType } from './useSaveType';

export interface TypeFormDialogProps {
  open: boolean;
  /** The type being edited; none for a new one. */
  editing?: WithdrawalTypeRecord;
  onClose: () => void;
}

/**
 * 'New withdrawal type' / 'Edit withdrawal type': the type form in a modal. A failed save keeps
 * the modal open with everything typed. Cannot be dismissed while saving; a stray backdrop click
 * does not throw the typing away. Mount it anew (key) for each opening.
 */
export const TypeFormDialog = ({ open, editing, onClose }: TypeFormDialogProps) => {
  const titleId = useId();
  const { form, saving } = useSaveType(editing, onClose);
  return (
    <Dialog
      open={open}
      onClose={(_event, why) => {
        if (!saving && why !== 'backdropClick') onClose();
      }}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <TypeForm
        {...form}
        frame={(inputs) => (
          <>
            <DialogTitle id={titleId}>
              {editing ? 'Edit withdrawal type' : 'New withdrawal type'}
            </DialogTitle>
            <DialogContent>{inputs}</DialogContent>
          </>
        )}
        actions={
          <DialogActions>
            <Button onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <TypeSaveButton saving={saving} />
          </DialogActions>
        }
      />
    </Dialog>
  );
};
