import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { CreateBase, EditBase, useSaveContext } from 'react-admin';
import { TypeForm } from './TypeForm';
import { TypeSaveButton } from './TypeSaveButton';
import { RESOURCE, type WithdrawalTypeRecord } from './types';
import { useTypeSave } from './useTypeSave';

export interface TypeFormDialogProps {
  open: boolean;
  /** The type being edited; none for a new one. */
  editing?: WithdrawalTypeRecord;
  onClose: () => void;
}

interface TypeDialogProps {
  title: string;
  failure: unknown;
  onClose: () => void;
}

/** The modal, inside the save context: it cannot be dismissed while the save runs. */
const TypeDialog = ({ title, failure, onClose }: TypeDialogProps) => {
  const titleId = useId();
  const { saving = false } = useSaveContext();
  return (
    <Dialog
      open
      onClose={(_event, why) => {
        if (!saving && why !== 'backdropClick') onClose();
      }}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <TypeForm
        failure={failure}
        frame={(inputs) => (
          <>
            <DialogTitle id={titleId}>{title}</DialogTitle>
            <DialogContent>{inputs}</DialogContent>
          </>
        )}
        actions={
          <DialogActions>
            <Button onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <TypeSaveButton />
          </DialogActions>
        }
      />
    </Dialog>
  );
};

/**
 * 'New withdrawal type' / 'Edit withdrawal type': the type form in a modal, in <CreateBase> or
 * <EditBase> of the resource. A failed save keeps the modal open with everything typed; a stray
 * backdrop click does not throw the typing away. Mount it anew (key) for each opening.
 */
export const TypeFormDialog = ({ open, editing, onClose }: TypeFormDialogProps) => {
  const { failure, saveProps } = useTypeSave(onClose);
  if (!open) return null;
  return editing ? (
    <EditBase resource={RESOURCE} id={editing.id} {...saveProps}>
      <TypeDialog title="Edit withdrawal type" failure={failure} onClose={onClose} />
    </EditBase>
  ) : (
    <CreateBase resource={RESOURCE} {...saveProps}>
      <TypeDialog title="New withdrawal type" failure={failure} onClose={onClose} />
    </CreateBase>
  );
};
