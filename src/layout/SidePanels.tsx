import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { NARROW_SCREEN_QUERY } from './Layout';

/**
 * Two panels side by side, `columns` wide (a CSS grid template, e.g. 'minmax(0, 2fr) minmax(0,
 * 3fr)'), stacked one above the other under 980 px.
 */
export const SidePanels = ({ columns, children }: { columns: string; children: ReactNode }) => (
  <Box
    sx={{
      display: 'grid',
      gap: 2,
      alignItems: 'start',
      gridTemplateColumns: columns,
      [`@media ${NARROW_SCREEN_QUERY}`]: { gridTemplateColumns: 'minmax(0, 1fr)' },
    }}
  >
    {children}
  </Box>
);
