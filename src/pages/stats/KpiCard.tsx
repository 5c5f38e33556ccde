import { Card, CardActionArea, Typography } from '@mui/material';
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

/**
 * A figure kept current by the live stream, linking to its screen (if any). No 'Live' badge of
 * its own: the top bar's 'Live' is the page's one (it turns to 'Reconnecting…' when the stream
 * drops, which a badge on each card would not).
 */
export const KpiCard = ({ title, value, valueTitle, loading, to }: KpiCardProps) => {
  const titleId = useId();
  return (
    <Card variant="outlined" sx={{ flex: '1 1 220px' }}>
      <CardActionArea
        {...(to ? { component: RouterLink, to } : { component: 'div', disabled: true })}
        sx={{ p: 2, height: '100%' }}
      >
        <Typography id={titleId} component="h2" variant="subtitle2" color="text.secondary">
          {title}
        </Typography>
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
