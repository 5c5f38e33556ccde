import { Box } from '@mui/material';
import { formatNumber } from '../format';

/** A count as the badge shows it: '1,250', or a lower bound (past a list's count) '10,000+'. */
const shown = (count: number, orMore: boolean) => `${formatNumber(count)}${orMore ? '+' : ''}`;

/** What a screen reader hears after the link's name: '3 pending' ('10,000+ pending'). */
export const countText = (count: number, orMore = false) => `${shown(count, orMore)} pending`;

/**
 * A count beside a menu link (the pending withdrawals), the link's description: a plain styled
 * span, as the dashboard's badges (a Chip would add its weight to the entry chunk). On the
 * collapsed sidebar it sits on the icon's corner.
 */
export const MenuCount = ({
  id,
  count,
  orMore = false,
  collapsed,
}: {
  id: string;
  count: number;
  /** The count is a lower bound: '10,000+'. */
  orMore?: boolean | undefined;
  collapsed: boolean;
}) => (
  <Box
    component="span"
    id={id}
    sx={{
      flexShrink: 0,
      minWidth: 20,
      px: 0.75,
      borderRadius: 10,
      bgcolor: 'warning.main',
      color: 'warning.contrastText',
      fontSize: 12,
      fontWeight: 600,
      lineHeight: '20px',
      textAlign: 'center',
      ...(collapsed
        ? {
            position: 'absolute',
            top: 2,
            right: 2,
            fontSize: 10,
            lineHeight: '16px',
            minWidth: 16,
            px: 0.5,
          }
        : { ml: 1 }),
    }}
  >
    <span aria-hidden="true">{shown(count, orMore)}</span>
    <Box
      component="span"
      sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
    >
      {countText(count, orMore)}
    </Box>
  </Box>
);
