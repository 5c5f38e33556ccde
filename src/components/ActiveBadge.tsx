import { Chip } from '@mui/material';

/** An on/off flag as a small badge, e.g. 'Active' / 'Disabled' or 'Active' / 'Inactive'. */
export const ActiveBadge = ({
  active,
  on = 'Active',
  off = 'Disabled',
}: {
  active: boolean;
  on?: string;
  off?: string;
}) => (
  <Chip
    size="small"
    variant="outlined"
    label={active ? on : off}
    color={active ? 'success' : 'default'}
  />
);
