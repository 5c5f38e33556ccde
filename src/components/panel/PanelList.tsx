import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, Button } from '@mui/material';
import type { ReactNode } from 'react';
import { type RaRecord, useListContext, useListController } from 'react-admin';
import { EmptyNote } from '../EmptyNote';
import { ListBody } from '../ListBody';
import { ListSearch } from '../ListSearch';

/** Category and offer lists: 100 at most, by sort order ascending (spec section 9). */
export const PANEL_LIST_LIMIT = 100;
const BY_SORT_ORDER = { field: 'sortOrder', order: 'ASC' } as const;

const quiet = () => undefined;

/**
 * A list for a panel, kept out of the URL (two lists share the page). The page is already behind
 * the admin check, and a load error shows inside the panel, not as a toast.
 */
export const usePanelList = <R extends RaRecord>(
  resource: string,
  filter?: Record<string, unknown>,
) =>
  useListController<R>({
    resource,
    filter,
    perPage: PANEL_LIST_LIMIT,
    sort: BY_SORT_ORDER,
    disableSyncWithLocation: true,
    disableAuthentication: true,
    queryOptions: { onError: quiet },
  });

/**
 * The search box (the API's q) and Refresh, above a panel's list. Refresh stays usable while a
 * reload runs (the bar under it shows that), so the keyboard focus stays on it.
 */
export const PanelToolbar = ({ what }: { what: string }) => {
  const { refetch } = useListContext();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <Box sx={{ flex: '1 1 200px', '& .MuiTextField-root': { minWidth: 0, width: '100%' } }}>
        <ListSearch label={`Search ${what}`} />
      </Box>
      <Button
        variant="outlined"
        onClick={() => void refetch()}
        startIcon={<RefreshIcon />}
        aria-label={`Refresh ${what}`}
      >
        Refresh
      </Button>
    </Box>
  );
};

/**
 * The states of a panel's list: 'Loading {what}…', 'Error loading {what}' with the server's reason
 * and Retry, the empty text, or the rows (`children`), with a thin bar while a reload runs.
 */
export const PanelListBody = <R extends RaRecord>({
  what,
  empty,
  children,
}: {
  /** 'categories', 'offers': names the states. */
  what: string;
  empty: string;
  children: (records: R[]) => ReactNode;
}) => {
  const { data, error } = useListContext<R>();
  return (
    <Box>
      <ListBody what={what} errorTitle={`Error loading ${what}`}>
        {data?.length ? children(data) : !error && <EmptyNote>{empty}</EmptyNote>}
      </ListBody>
    </Box>
  );
};
