import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/** Label / value pairs as a description list (dt, dd). */
export const Facts = ({ facts }: { facts: [label: string, value: ReactNode][] }) => (
  <Box
    component="dl"
    sx={{
      m: 0,
      display: 'grid',
      gridTemplateColumns: {
        xs: 'minmax(110px, auto) 1fr',
        md: 'repeat(2, minmax(110px, auto) 1fr)',
      },
      columnGap: 2,
      rowGap: 1,
      alignItems: 'center',
      '& dt': { color: 'text.secondary', fontSize: '0.875rem' },
      '& dd': { m: 0, minWidth: 0, overflowWrap: 'anywhere' },
    }}
  >
    {facts.map(([label, value]) => (
      <Box key={label} sx={{ display: 'contents' }}>
        <dt>{label}</dt>
        <dd>{value}</dd>
      </Box>
    ))}
  </Box>
);
