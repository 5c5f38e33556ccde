import { Box, Chip, type ChipProps } from '@mui/material';
import { useGetOne } from 'react-admin';
import type { BotSummary } from '../../../contract/bots';
import { formatNumber } from '../../format';

const BADGES: [label: string, key: keyof BotSummary, color: ChipProps['color']][] = [
  ['Total', 'total', 'default'],
  ['Active', 'active', 'success'],
  ['Busy', 'busy', 'warning'],
];

const SUMMARY = 'bot-summary';

/**
 * Total, Active and Busy (GET /admin/bots/summary, the `bot-summary` resource): the list's
 * refresh after any change (react-admin's refresh reloads every query) and a bot's live event
 * reload it.
 */
export const BotSummaryBadges = () => {
  const { data, isError } = useGetOne<BotSummary & { id: string }>(SUMMARY, { id: SUMMARY });
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
