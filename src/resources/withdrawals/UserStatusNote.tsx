import { Typography } from '@mui/material';
import type { WithdrawalRecord } from './types';

/** The player's account status beside their withdrawal: a disabled one's cannot be approved. */
export const UserStatusNote = ({ user }: { user: WithdrawalRecord['user'] }) => {
  if (!user) return null;
  const disabled = user.status === 'disabled';
  return (
    <Typography
      variant="caption"
      component="span"
      color={disabled ? 'error' : 'text.secondary'}
      sx={{ display: 'block', fontWeight: disabled ? 600 : undefined }}
    >
      {`Account: ${user.status}`}
    </Typography>
  );
};
