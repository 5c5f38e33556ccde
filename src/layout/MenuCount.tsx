import { Box } from '@mui/material';
import { formatNumber } from '../format';

/** What a screen reader hears after the link's name: '3 pending'. */
export const countText = (count: number) => `${formatNumber(count)} pending`;

/**
 * A count beside a menu link (the pending withdrawals), the link's description: a plain styled
 * span, as the dashboard's badges (a Chip would add its weight to the entry chunk). On the
 * collapsed sidebar it sits on the icon's corner.
 */
export const MenuCount = ({
  id,
  count,
  collapsed,
}: {
  id: string;
  count: number;
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
    <span aria-hidden="true">{formatNumber(count)}</span>
    <Box
      component="span"
      sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
    >
      {countText(count)}
    </Box>
  </Box>
);
