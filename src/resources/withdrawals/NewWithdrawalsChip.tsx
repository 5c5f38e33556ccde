import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { Box, Chip } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useListContext } from 'react-admin';
import { resourceTopic } from '../../../contract/live';
import { useHoldNewRecords } from '../../live/holds';
import { useSubscribe } from '../../live/useSubscribe';

const RESOURCE = 'withdrawals';
const NONE: ReadonlySet<string> = new Set();

/** A withdrawal is created pending: a list filtered to another status never shows it. */
const mayShowNew = (filterValues: Record<string, unknown>) =>
  filterValues.status === undefined || filterValues.status === 'pending';

/**
 * The withdrawals created since the list's rows were loaded: held back (the live refresh does
 * not reload the list for them) so rows do not move under the admin's cursor.
 */
const useNewWithdrawals = () => {
  const { data, isFetching, refetch, filterValues } = useListContext();
  const [arrived, setArrived] = useState(NONE);
  useHoldNewRecords(RESOURCE);

  useSubscribe(resourceTopic(RESOURCE), (event) => {
    if (event.type === 'created' && mayShowNew(filterValues)) {
      setArrived((before) => new Set([...before, ...event.payload.ids]));
    } else if (event.type === 'deleted') {
      const gone = new Set(event.payload.ids);
      setArrived((before) =>
        [...before].some((id) => gone.has(id))
          ? new Set([...before].filter((id) => !gone.has(id)))
          : before,
      );
    }
  });

  // Any load (the chip, a page change, the live refresh after an update) brings them in; what
  // arrives while it runs stays counted, as the answer may predate it.
  useEffect(() => {
    if (isFetching) setArrived(NONE);
  }, [isFetching]);

  const shown = useMemo(() => new Set((data ?? []).map((record) => String(record.id))), [data]);
  const count = [...arrived].filter((id) => !shown.has(id)).length;
  const showThem = () => {
    setArrived(NONE);
    void refetch();
  };
  return { count, showThem };
};

/** '3 new': withdrawals that arrived since the list was loaded; clicked, the list reloads. */
export const NewWithdrawalsChip = () => {
  const { count, showThem } = useNewWithdrawals();
  return (
    <Box aria-live="polite" sx={{ display: 'contents' }}>
      {count > 0 && (
        <Chip
          label={`${count} new`}
          color="primary"
          icon={<ArrowUpwardIcon />}
          onClick={showThem}
          size="small"
        />
      )}
    </Box>
  );
};
