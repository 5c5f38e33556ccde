import EditIcon from '@mui/icons-material/Edit';
import { Button, Stack } from '@mui/material';
import { DeleteTypeButton } from './DeleteTypeButton';
import type { WithdrawalTypeRecord } from './types';
import { useDeleteType, useToggleType } from './useWithdrawalTypes';

/** Edit, Enable/Disable and Delete of one row, named by the row's key for assistive technology. */
export const TypeRowActions = ({
  record,
  onEdit,
}: {
  record: WithdrawalTypeRecord;
  onEdit: (record: WithdrawalTypeRecord) => void;
}) => {
  const toggle = useToggleType();
  const remove = useDeleteType();
  // one call at a time per row: deleting a type while it toggles would race
  const busy = toggle.isPending || remove.isPending;
  const toggleLabel = record.isActive ? 'Disable' : 'Enable';

  return (
    <Stack direction="row" spacing={0.5} sx={{ whiteSpace: 'nowrap', justifyContent: 'flex-end' }}>
      <Button
        size="small"
        startIcon={<EditIcon />}
        aria-label={`Edit ${record.key}`}
        disabled={busy}
        onClick={() => onEdit(record)}
      >
        Edit
      </Button>
      <Button
        size="small"
        color={record.isActive ? 'warning' : 'success'}
        aria-label={`${toggleLabel} ${record.key}`}
        disabled={busy}
        onClick={() => toggle.mutate(record)}
      >
        {toggleLabel}
      </Button>
      <DeleteTypeButton
        record={record}
        disabled={busy}
        onDelete={() => remove.mutateAsync(record)}
        onDisable={() => toggle.mutateAsync(record)}
      />
    </Stack>
  );
};
