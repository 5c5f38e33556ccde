import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/** Below 980 px the sidebar becomes an overlay and side panels stack (spec section 9). */
export const NARROW_SCREEN_QUERY = '(max-width: 979.95px)';

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
