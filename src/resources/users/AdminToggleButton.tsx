import AdminIcon from '@mui/icons-material/AdminPanelSettings';
import RemoveAdminIcon from '@mui/icons-material/RemoveModerator';
import { Button, type ButtonProps } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify, useRefresh } from 'react-admin';
import { DisabledUnlessAllowed } from '../../access/Allowed';
import { useNotifyFailure } from '../../components/ErrorAlert';
import type { AppDataProvider } from '../../dataProvider';
import { MESSAGES, type UserRecord } from './user';

interface AdminToggleButtonProps {
  record: Pick<UserRecord, 'id' | 'adminRole'>;
  size?: ButtonProps['size'];
}

/**
 * 'Make admin' / 'Remove admin': PATCH …/role {makeAdmin}, then the screen reloads its data.
 * Needs users:admin (disabled, saying so, without it).
 */
export const AdminToggleButton = ({ record, size = 'medium' }: AdminToggleButtonProps) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const refresh = useRefresh();
  const isAdmin = Boolean(record.adminRole?.enabled);

  const { mutate, isPending } = useMutation({
    mutationFn: (makeAdmin: boolean) => dataProvider.setUserRole(record.id, makeAdmin),
    onSuccess: (_result, makeAdmin) => {
      notify(makeAdmin ? MESSAGES.madeAdmin : MESSAGES.adminRemoved, { type: 'success' });
      refresh();
    },
    onError: (error) => notifyFailure(MESSAGES.roleError, error),
  });

  return (
    <DisabledUnlessAllowed action="admin" resource="users">
      <Button
        size={size}
        variant="outlined"
        color={isAdmin ? 'warning' : 'primary'}
        disabled={isPending}
        startIcon={isAdmin ? <RemoveAdminIcon /> : <AdminIcon />}
        onClick={() => mutate(!isAdmin)}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {isAdmin ? 'Remove admin' : 'Make admin'}
      </Button>
    </DisabledUnlessAllowed>
  );
};
