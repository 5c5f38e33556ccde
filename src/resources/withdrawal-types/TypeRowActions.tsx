import EditIcon from '@mui/icons-material/Edit';
import { Button, Stack } from '@mui/material';
import { useDelete, useNotify } from 'react-admin';
import { Link } from 'react-router-dom';
import { IfAllowed } from '../../access/Allowed';
import { useNotifyFailure } from '../../components/ErrorAlert';
import { DeleteTypeButton } from './DeleteTypeButton';
import { editPath, RESOURCE, type WithdrawalTypeRecord } from './types';
import { useToggleType } from './useToggleType';

export interface TypeRowActionsProps {
  record: WithdrawalTypeRecord;
  /** Edit opens the form here (the types page's modal); without it, Edit goes to the edit screen. */
  onEdit?: (record: WithdrawalTypeRecord) => void;
  onDeleted?: () => void;
}

/**
 * Edit, Enable/Disable and Delete of one type, named by its key for assistive technology; for
 * who may change settings only.
 */
export const TypeRowActions = ({ record, onEdit, onDeleted }: TypeRowActionsProps) => {
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const toggle = useToggleType();
  // DELETE /admin/withdrawal-types/{_id}: the row leaves the lists once the API has deleted it.
  const [remove, removing] = useDelete<WithdrawalTypeRecord>(RESOURCE, undefined, {
    onSuccess: () => {
      notify('Withdrawal type deleted', { type: 'success' });
      onDeleted?.();
    },
    onError: (error) => notifyFailure('Delete failed', error),
  });
  // one call at a time per row: deleting a type while it toggles would race
  const busy = toggle.isPending || removing.isPending;
  const toggleLabel = record.isActive ? 'Disable' : 'Enable';
  const edit = onEdit
    ? { onClick: () => onEdit(record) }
    : { component: Link, to: editPath(record.id) };

  return (
    <IfAllowed action="edit" resource={RESOURCE}>
      <Stack
        direction="row"
        spacing={0.5}
        sx={{ whiteSpace: 'nowrap', justifyContent: 'flex-end' }}
      >
        <Button
          size="small"
          startIcon={<EditIcon />}
          aria-label={`Edit ${record.key}`}
          disabled={busy}
          {...edit}
        >
          Edit
        </Button>
        <Button
          size="small"
          color={record.isActive ? 'warning' : 'success'}
          aria-label={`${toggleLabel} ${record.key}`}
          disabled={busy}
          onClick={() => void toggle.toggle(record)}
        >
          {toggleLabel}
        </Button>
        <DeleteTypeButton
          record={record}
          disabled={busy}
          onDelete={() =>
            remove(RESOURCE, { id: record.id, previousData: record }, { returnPromise: true })
          }
          onDisable={() => toggle.toggle(record)}
        />
      </Stack>
    </IfAllowed>
  );
};
