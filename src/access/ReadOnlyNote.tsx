import { Alert } from '@mui/material';
import { GRANTER } from './AccessDenied';
import { useAllowed } from './useAllowed';

/**
 * Once above a screen the admin may see but not change, why it offers no actions: 'Read-only:
 * approving and rejecting withdrawals needs withdrawals:approve. Ask an admin who holds
 * users:admin.' Nothing while the check runs or when the admin may act.
 */
export const ReadOnlyNote = ({
  action,
  resource,
  doing,
}: {
  action: string;
  resource?: string;
  /** What the missing permission would let the admin do: 'approving and rejecting withdrawals'. */
  doing: string;
}) => {
  const { allowed, pending, needed } = useAllowed(action, resource);
  if (allowed || pending) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {`Read-only: ${doing} needs ${needed}. Ask an admin who holds ${GRANTER}.`}
    </Alert>
  );
};
