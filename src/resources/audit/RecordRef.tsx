import { Box } from '@mui/material';
import type { AuditSummary } from '../../../contract/audit';
import { LinkIfAllowed } from '../../access/LinkIfAllowed';
import { recordPage } from './audit';

/**
 * The record an entry names: 'bot b1', a user by their username ('user alice', the id on hover);
 * a link to its page where the console has one and the admin may open it.
 */
export const RecordRef = ({
  entry,
}: {
  entry: Pick<AuditSummary, 'action' | 'entity' | 'entityId' | 'entityName'>;
}) => {
  const { entity, entityId, entityName } = entry;
  const label = (
    <>
      {entity}
      {entityId !== null && (
        <>
          {' '}
          {entityName ? (
            <Box component="span" title={entityId} sx={{ overflowWrap: 'anywhere' }}>
              {entityName}
            </Box>
          ) : (
            <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
              {entityId}
            </Box>
          )}
        </>
      )}
    </>
  );
  const page = recordPage(entry);
  return page ? (
    <LinkIfAllowed to={page.to} resource={page.resource}>
      {label}
    </LinkIfAllowed>
  ) : (
    label
  );
};
