import { Box, LinearProgress } from '@mui/material';

/**
 * A thin bar while data already shown reloads. Its room is kept when idle, so the rows under it
 * do not jump when it comes and goes.
 */
export const RefreshBar = ({ active, label }: { active?: boolean; label: string }) => (
  <Box sx={{ height: 4 }}>{active && <LinearProgress aria-label={label} />}</Box>
);
