import { Box, Button, Typography } from '@mui/material';
import { formatTotal } from '../format';

export interface PrevNextControlsProps {
  /** 1-based. */
  page: number;
  perPage: number;
  total: number;
  /**
   * `total` is a lower bound (the API stopped counting): it reads '10,000+', the pages it
   * covers 'of 500+', and Next stops at the last of those, the furthest the list can go.
   */
  totalIsLowerBound?: boolean;
  onPageChange: (page: number) => void;
  /** Both buttons off, e.g. while a page loads. */
  disabled?: boolean;
  /** The navigation landmark's name; name it when a screen has more than one. */
  label?: string;
}

/**
 * Prev / Next with the total and the page number, for any paged data: PrevNextPagination binds
 * it to a react-admin list; custom tables (a user's match history) pass their own state.
 */
export const PrevNextControls = ({
  page,
  perPage,
  total,
  totalIsLowerBound = false,
  onPageChange,
  disabled = false,
  label = 'Pagination',
}: PrevNextControlsProps) => {
  const pages = Math.max(1, Math.ceil(total / perPage));
  return (
    <Box
      component="nav"
      aria-label={label}
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, p: 1.5 }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }} aria-live="polite">
        {`${formatTotal(total, totalIsLowerBound)} total · Page ${page} of ${pages}${totalIsLowerBound ? '+' : ''}`}
      </Typography>
      <Button size="small" disabled={disabled || page <= 1} onClick={() => onPageChange(page - 1)}>
        Prev
      </Button>
      <Button
        size="small"
        disabled={disabled || page >= pages}
        onClick={() => onPageChange(page + 1)}
      >
        Next
      </Button>
    </Box>
  );
};
