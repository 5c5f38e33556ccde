import { Box, Link, Typography } from '@mui/material';
import { type Identifier, useGetList } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { SectionCard } from '../../components/SectionCard';
import { formatDateTime, formatNumber, formatTotal } from '../../format';
import { totalIsLowerBound } from '../../listMeta';
import { type AdjustmentRecord, adjustmentPath, pendingOf, reasonLabel } from './types';

const NEWEST_FIRST = { field: 'requestedAt', order: 'DESC' } as const;
const FIRST_PAGE = { page: 1, perPage: 20 };

/**
 * The player's credits waiting for a second admin (GET /admin/adjustments?userId=&status=pending),
 * each linking to where it is decided; nothing while there are none. Kept current by the
 * adjustments' live events.
 */
export const PendingCredits = ({ userId }: { userId: Identifier }) => {
  const { data, total, meta } = useGetList<AdjustmentRecord>('adjustments', {
    filter: pendingOf(userId),
    sort: NEWEST_FIRST,
    pagination: FIRST_PAGE,
  });
  if (!data?.length) return null;
  const more = (total ?? data.length) - data.length;
  return (
    <SectionCard title="Credits awaiting a second approval">
      <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
        {data.map((credit) => (
          <li key={credit.id}>
            <Link component={RouterLink} to={adjustmentPath(credit.id)}>
              {`+${formatNumber(credit.delta)} points`}
            </Link>
            {` · ${reasonLabel(credit)} · requested by ${credit.requestedBy ?? '-'}, ${formatDateTime(credit.requestedAt)}`}
          </li>
        ))}
      </Box>
      {more > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {`and ${totalIsLowerBound(meta) ? formatTotal(more, true) : formatNumber(more)} more`}
        </Typography>
      )}
    </SectionCard>
  );
};
