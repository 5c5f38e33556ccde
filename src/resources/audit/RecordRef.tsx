import { Box, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { recordPath } from './audit';

/** The record an entry names, 'bot b1': a link to its page where the console has one. */
export const RecordRef = ({ entity, entityId }: { entity: string; entityId: string | null }) => {
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
  const to = recordPath(entity, entityId);
  return to ? (
    <Link component={RouterLink} to={to}>
      {label}
    </Link>
  ) : (
    label
  );
};
