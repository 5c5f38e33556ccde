import { Box, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

export const ACCESS_DENIED = 'You do not have access to this page.';

/** A page the admin's permissions do not open (react-admin's `accessDenied`, and custom pages). */
export const AccessDenied = () => (
  <Box component="main" sx={{ p: 4 }}>
    <Typography component="h1" variant="h6" gutterBottom>
      {ACCESS_DENIED}
    </Typography>
    <Link component={RouterLink} to="/">
      Go to the dashboard
    </Link>
  </Box>
);
