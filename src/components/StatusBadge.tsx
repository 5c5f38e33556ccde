import { Chip, type ChipProps } from '@mui/material';

const COLORS: Record<string, ChipProps['color']> = {
  pending: 'warning',
  active: 'success',
  approved: 'success',
  disabled: 'default',
  rejected: 'error',
};

/** A status as a small coloured badge: the text is the status itself. */
export const StatusBadge = ({ status }: { status: string | null | undefined }) =>
  status ? (
    <Chip size="small" variant="outlined" label={status} color={COLORS[status] ?? 'default'} />
  ) : null;
