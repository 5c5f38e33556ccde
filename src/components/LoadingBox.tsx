import { Box, CircularProgress, Typography } from '@mui/material';

/** A first load in progress: a spinner and what is loading ('Loading bots…'), announced politely. */
export const LoadingBox = ({ children }: { children: string }) => (
  <Box
    role="status"
    sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, p: 4 }}
  >
    <CircularProgress size={24} aria-hidden="true" />
    <Typography>{children}</Typography>
  </Box>
);
