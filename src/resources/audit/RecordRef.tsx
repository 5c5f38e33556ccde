import { Box, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { AuditSummary } from '../../../contract/audit';
import { recordPath } from './audit';

/** The record an entry names, 'bot b1': a link to its page where the console has one. */
export const RecordRef = ({
  entry,
}: {
  entry: Pick<AuditSummary, 'action' | 'entity' | 'entityId'>;
}) => {
  const { entity, entityId } = entry;
  const label = (
    <>
      {entity}
      {entityId !== null && (
        <>
          {' '}
          <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {entityId}
          </Box>
        </>
      )}
    </>
  );
  const to = recordPath(entry);
  return to ? (
    <Link component={RouterLink} to={to}>
      {label}
    </Link>
  ) : (
    label
  );
};
