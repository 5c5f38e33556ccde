import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { ListSearch } from './ListSearch';

/**
 * One row of controls above a list's table, wrapping on narrow screens. `last`: the row right
 * above the table, which gets the room under it.
 */
export const ToolbarRow = ({ children, last = false }: { children: ReactNode; last?: boolean }) => (
  <Box
    sx={{
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'center',
      gap: 1.5,
      px: 2,
      pt: last ? 0 : 2,
      pb: last ? 2 : 1,
    }}
  >
    {children}
  </Box>
);

/** Pushes what follows it to the end of its row. */
export const Spacer = () => <Box sx={{ flexGrow: 1 }} />;

/**
 * The search box (the list's q, or the filter `searchSource` names), then the filters, then the
 * actions at the end of the row.
 */
export const ListToolbar = ({
  searchLabel,
  searchSource,
  filters,
  actions,
}: {
  searchLabel: string;
  searchSource?: string;
  filters?: ReactNode;
  actions?: ReactNode;
}) => (
  <ToolbarRow>
    {/* ListSearch fills its box (the theme makes text fields full width) */}
    <Box sx={{ flex: '1 1 260px', maxWidth: 420 }}>
      <ListSearch label={searchLabel} source={searchSource} />
    </Box>
    {filters}
    <Spacer />
    {actions}
  </ToolbarRow>
);
