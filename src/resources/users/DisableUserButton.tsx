import BlockIcon from '@mui/icons-material/Block';
import { Button } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import { errorMessage } from '../../apiErrors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { MESSAGES, type UserRecord } from './user';

/**
 * 'Disable' asks 'Disable this user?' and only then calls DELETE /admin/users/{userId}, which
 * disables the account (status disabled, sessions ended; nothing is deleted). Off for users
 * already disabled.
 */
export const DisableUserButton = ({ record }: { record: UserRecord }) => {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);

  const { mutate, isPending } = useMutation({
    mutationFn: () => dataProvider.delete('users', { id: record.id, previousData: record }),
    onSuccess: () => {
      setOpen(false);
      notify('User disabled', { type: 'success' });
      refresh();
    },
    onError: (error) => {
      setOpen(false);
      notify(errorMessage(error, 'Error disabling user'), { type: 'error' });
    },
  });

  return (
    <>
      <Button
        size="small"
        color="error"
        startIcon={<BlockIcon />}
        disabled={record.status === 'disabled' || isPending}
        onClick={() => setOpen(true)}
      >
        Disable
      </Button>
      <ConfirmDialog
        open={open}
        busy={isPending}
        title={MESSAGES.confirmDisable}
        description={`${record.username} (${record.userId}) will be signed out and can no longer sign in. Nothing is deleted.`}
        confirmColor="error"
        onConfirm={() => mutate()}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
