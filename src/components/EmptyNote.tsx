import { Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** What an empty list or panel says instead of rows, e.g. 'No bots found'. */
export const EmptyNote = ({ children }: { children: ReactNode }) => (
  <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
    {children}
  </Typography>
);
