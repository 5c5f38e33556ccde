import { Box, Chip, type ChipProps } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { BotSummary } from '../../../contract/bots';
import type { AppDataProvider } from '../../dataProvider';
import { formatNumber } from '../../format';

const BADGES: [label: string, key: keyof BotSummary, color: ChipProps['color']][] = [
  ['Total', 'total', 'default'],
  ['Active', 'active', 'success'],
  ['Busy', 'busy', 'warning'],
];

/**
 * Total, Active and Busy (GET /admin/bots/summary). It is a react-query query, so the list's
 * refresh after any change (react-admin's refresh invalidates every query) reloads it too.
 */
export const BotSummaryBadges = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data, isError } = useQuery({
    queryKey: ['bots', 'summary'],
    queryFn: ({ signal }) => dataProvider.getBotSummary(signal),
  });
  const shown = (key: keyof BotSummary) => (data ? formatNumber(data[key]) : isError ? '-' : '…');

  return (
    <Box
      component="ul"
      aria-label="Bot summary"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0 }}
    >
      {BADGES.map(([label, key, color]) => (
        <li key={key}>
          <Chip
            size="small"
            variant="outlined"
            color={color}
            label={
              <>
                {label} <strong>{shown(key)}</strong>
              </>
            }
          />
        </li>
      ))}
    </Box>
  );
};
