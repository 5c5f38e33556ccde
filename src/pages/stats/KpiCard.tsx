import { Box, Card, CardActionArea, Typography } from '@mui/material';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatNumber } from '../../format';

export interface KpiCardProps {
  title: string;
  /** A count, or a figure already worded (an age). */
  value: number | string | undefined;
  /** More about the value, in its tooltip (e.g. the exact time behind an age). */
  valueTitle?: string;
  loading: boolean;
  /** Where the card leads (the screen behind the number), when the admin may open it. */
  to?: string;
}

/** The 'Live' badge: a plain styled span (a Chip would add its weight to the entry chunk). */
const LiveBadge = () => (
  <Box
    component="span"
    sx={{
      display: 'inline-flex',
      alignItems: 'center',
      gap: 0.5,
      px: 1,
      lineHeight: '20px',
      borderRadius: 10,
      border: 1,
      borderColor: 'success.main',
      color: 'success.main',
      fontSize: 12,
      fontWeight: 500,
    }}
  >
    <Box
      component="span"
      aria-hidden="true"
      sx={{ width: 6, height: 6, borderRadius: '50%', bgcolor: 'success.main' }}
    />
    Live
  </Box>
);

/** A live figure ('Live' badge) that links to its screen (if any). */
export const KpiCard = ({ title, value, valueTitle, loading, to }: KpiCardProps) => {
  const titleId = useId();
  return (
    <Card variant="outlined" sx={{ flex: '1 1 220px' }}>
      <CardActionArea
        {...(to ? { component: RouterLink, to } : { component: 'div', disabled: true })}
        sx={{ p: 2, height: '100%' }}
      >
        <Box
          sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
        >
          <Typography id={titleId} component="h2" variant="subtitle2" color="text.secondary">
            {title}
          </Typography>
          <LiveBadge />
        </Box>
        <Typography component="p" variant="h4" title={valueTitle} sx={{ mt: 1 }}>
          {value === undefined
            ? loading
              ? '…'
              : '-'
            : typeof value === 'number'
              ? formatNumber(value)
              : value}
        </Typography>
      </CardActionArea>
    </Card>
  );
};
