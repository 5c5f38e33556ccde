import { Box } from '@mui/material';
import type { AuditListItem } from '../../../contract/audit';
import { describeEntry } from '../../components/timeline/actionWords';

/** An entry's action in the record timelines' words ('Signed in'), its code on hover. */
export const ActionWords = ({ entry }: { entry: Pick<AuditListItem, 'action' | 'after'> }) => (
  <Box component="span" title={entry.action}>
    {describeEntry(entry).what}
  </Box>
);
