import AdminIcon from '@mui/icons-material/AdminPanelSettings';
import RemoveAdminIcon from '@mui/icons-material/RemoveModerator';
import { Button, type ButtonProps } from '@mui/material';
import { useNotify, useRefresh } from 'react-admin';
import { DisabledUnlessAllowed } from '../../access/Allowed';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useNotifyFailure } from '../../components/ErrorAlert';
import { useAction } from '../../components/useAction';
import { useConfirmStep } from '../../components/useConfirmStep';
import { MESSAGES, type UserRecord } from './user';

interface AdminToggleButtonProps {
  record: Pick<UserRecord, 'id' | 'adminRole'> & Partial<Pick<UserRecord, 'username'>>;
  size?: ButtonProps['size'];
}

/** 'Make alice an admin?': the question 'Make admin' asks first. */
export const makeAdminQuestion = (username: string | undefined) =>
  username ? `Make ${username} an admin?` : 'Make this user an admin?';

/**
 * 'Make admin' / 'Remove admin': PATCH …/role {makeAdmin}, then the screen reloads its data.
 * Making an admin asks first, saying they start with no permissions. Needs users:admin
 * (disabled, saying so, without it).
 */
export const AdminToggleButton = ({ record, size = 'medium' }: AdminToggleButtonProps) => {
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const refresh = useRefresh();
  const confirm = useConfirmStep();
  const isAdmin = Boolean(record.adminRole?.enabled);

  const { mutate, mutateAsync, isPending } = useAction(
    (dataProvider, makeAdmin: boolean) => dataProvider.setUserRole(record.id, makeAdmin),
    {
      onSuccess: (_result, makeAdmin) => {
        notify(makeAdmin ? MESSAGES.madeAdmin : MESSAGES.adminRemoved, { type: 'success' });
        refresh();
      },
      onError: (error) => notifyFailure(MESSAGES.roleError, error),
    },
  );

  return (
    <>
      <DisabledUnlessAllowed action="admin" resource="users">
        <Button
          size={size}
          variant="outlined"
          color={isAdmin ? 'warning' : 'primary'}
          disabled={isPending}
          startIcon={isAdmin ? <RemoveAdminIcon /> : <AdminIcon />}
          onClick={() => (isAdmin ? mutate(false) : confirm.ask())}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {isAdmin ? 'Remove admin' : 'Make admin'}
        </Button>
      </DisabledUnlessAllowed>
      <ConfirmDialog
        open={confirm.open}
        busy={confirm.busy}
        title={makeAdminQuestion(record.username)}
        description={MESSAGES.makeAdminWhat}
        confirmLabel="Make admin"
        onConfirm={confirm.run(() => mutateAsync(true))}
        onClose={confirm.close}
      />
    </>
  );
};
