import { Box, Link, Typography } from '@mui/material';
import { Title, useResourceContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useAreas } from './areas';
import { neededFor } from './permissionFor';

export const ACCESS_DENIED = 'You do not have access to this page.';

/** Who can give a missing permission: granting needs `users:admin`. */
export const GRANTER = 'users:admin';

/** 'You need users:read to open Users. Ask an admin who holds users:admin.' */
export const accessDeniedReason = (permission: string, label: string) =>
  `You need ${permission} to open ${label}. Ask an admin who holds ${GRANTER}.`;

interface AccessDeniedProps {
  /** What the admin tried to do ('list', 'edit', 'read'); unknown on react-admin's own route. */
  action?: string;
  /** The resource (its name) or page (its path); the current resource when left out. */
  resource?: string;
}

/**
 * A page the admin's permissions do not open (react-admin's `accessDenied`, and every guarded
 * route): the top bar names the page, the text the permission it needs and who can grant it.
 */
export const AccessDenied = ({ action, resource }: AccessDeniedProps) => {
  const screen = useResourceContext({ resource });
  const areas = useAreas();
  const label = areas.label(screen);
  const needed = action ? neededFor(areas, screen, action) : undefined;
  return (
    <Box sx={{ p: { xs: 0, sm: 1 } }}>
      <Title title={label ? `${label}: access denied` : 'Access denied'} />
      <Typography component="h2" variant="h6" gutterBottom>
        {ACCESS_DENIED}
      </Typography>
      {needed && label && (
        <Typography sx={{ mb: 2 }}>{accessDeniedReason(needed, label)}</Typography>
      )}
      <Link component={RouterLink} to="/">
        Go to the dashboard
      </Link>
    </Box>
  );
};
