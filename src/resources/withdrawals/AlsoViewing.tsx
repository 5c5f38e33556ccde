import { Alert } from '@mui/material';
import { alsoViewing, type Viewer } from '../../../contract/live';

/**
 * '{admin} is also viewing this withdrawal', one line per other admin on the page, so two
 * reviewers do not work the same payout.
 */
export const AlsoViewing = ({ others }: { others: Viewer[] }) =>
  others.length === 0 ? null : (
    <Alert severity="info" role="status" sx={{ mt: 3 }}>
      {others.map((viewer) => (
        <div key={viewer.adminId}>{alsoViewing(viewer.username)}</div>
      ))}
    </Alert>
  );
