import { Box, Tooltip, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import type { WithdrawalRecord } from './types';

const statusText = (status: string) => `Account: ${status}`;

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
      {statusText(user.status)}
    </Typography>
  );
};

const MARKER_COLORS: Record<string, string> = {
  active: 'success.main',
  disabled: 'error.main',
};

/**
 * The same status as a small dot before the username (a list row stays one line): its words
 * on hover and for screen readers.
 */
export const UserStatusMarker = ({ user }: { user: WithdrawalRecord['user'] }) => {
  if (!user) return null;
  const text = statusText(user.status);
  return (
    <Tooltip title={text} describeChild>
      <Box
        component="span"
        sx={{
          flex: 'none',
          width: 8,
          height: 8,
          borderRadius: '50%',
          bgcolor: MARKER_COLORS[user.status] ?? 'warning.main',
        }}
      >
        <Box component="span" sx={visuallyHidden}>
          {text}
        </Box>
      </Box>
    </Tooltip>
  );
};
