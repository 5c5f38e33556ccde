import { Box, CircularProgress, Typography } from '@mui/material';

/** The guard's waiting state (spec: every protected page shows 'Loading...'). */
export const LoadingScreen = () => (
  <Box
    role="status"
    sx={{
      minHeight: 240,
      height: '100%',
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      justifyContent: 'center',
      gap: 2,
    }}
  >
    <CircularProgress size={32} aria-hidden="true" />
    <Typography>Loading...</Typography>
  </Box>
);
