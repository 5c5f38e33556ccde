import BlockIcon from '@mui/icons-material/Block';
import EnableIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import { Button, type ButtonProps } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { useAllowed } from '../../access/useAllowed';
import { errorMessage } from '../../apiErrors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useAction } from '../../components/useAction';
import { MESSAGES, type UserRecord } from './user';

interface UserAccessButtonProps {
  record: UserRecord;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}

/**
 * 'Disable' asks 'Disable this user?' and only then calls DELETE /admin/users/{userId}, which
 * disables the account (status disabled, sessions ended; nothing is deleted). A disabled user
 * gets 'Enable' instead: 'Enable this user?', then PATCH /admin/users/{userId} {status: 'active'}.
 */
export const UserAccessButton = ({ record, size = 'small', variant }: UserAccessButtonProps) => {
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const enable = record.status === 'disabled';

  const { mutate, isPending } = useAction(
    (dataProvider) =>
      enable
        ? dataProvider.update('users', {
            id: record.id,
            data: { status: 'active' },
            previousData: record,
          })
        : dataProvider.delete('users', { id: record.id, previousData: record }),
    {
      onSuccess: () => {
        setOpen(false);
        notify(enable ? MESSAGES.userEnabled : MESSAGES.userDisabled, { type: 'success' });
        refresh();
      },
      onError: (error) => {
        setOpen(false);
        const fallback = enable ? MESSAGES.enableError : MESSAGES.disableError;
        notify(errorMessage(error, fallback), { type: 'error' });
      },
    },
  );

  const who = `${record.username} (${record.userId})`;
  // disabling and enabling are writes of users
  if (!useAllowed('delete', 'users').allowed) return null;
  return (
    <>
      <Button
        size={size}
        variant={variant}
        color={enable ? 'success' : 'error'}
        startIcon={enable ? <EnableIcon /> : <BlockIcon />}
        disabled={isPending}
        onClick={() => setOpen(true)}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {enable ? 'Enable' : 'Disable'}
      </Button>
      <ConfirmDialog
        open={open}
        busy={isPending}
        title={enable ? MESSAGES.confirmEnable : MESSAGES.confirmDisable}
        description={
          enable
            ? `${who} will be active again and can sign in.`
            : `${who} will be signed out and can no longer sign in. Nothing is deleted.`
        }
        confirmColor={enable ? 'success' : 'error'}
        onConfirm={() => mutate()}
        onClose={() => setOpen(false)}
      />
    </>
  );
};
