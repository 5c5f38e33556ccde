import { Alert, AlertTitle, Button } from '@mui/material';

/**
 * A failed load: `title` (e.g. 'Error loading bots'), the server's reason under it when it gave
 * one, and Retry. Retry stays usable while a reload runs, so the keyboard focus stays on it.
 */
export const RetryAlert = ({
  title,
  reason,
  onRetry,
}: {
  title: string;
  reason?: string;
  onRetry: () => void;
}) => (
  <Alert
    severity="error"
    action={
      <Button color="inherit" size="small" onClick={onRetry}>
        Retry
      </Button>
    }
  >
    <AlertTitle sx={{ mb: reason ? 0.5 : 0 }}>{title}</AlertTitle>
    {reason}
  </Alert>
);
