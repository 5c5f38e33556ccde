import { Alert, AlertTitle, Button } from '@mui/material';
import { useCloseNotification, useNotify } from 'react-admin';
import { errorMessage } from '../apiErrors';

/** What went wrong: the spec's message as the title, the API's or the network's reason under it. */
export interface Failure {
  title: string;
  reason?: string;
}

/** A failure titled `title`, with the reason under it. */
export const failureTitled =
  (title: string) =>
  (error: unknown): Failure => {
    const reason = errorMessage(error, '');
    return reason && reason !== title ? { title, reason } : { title };
  };

/**
 * The console's error alert: `title`, the reason under it when there is one, and
 * - with `onRetry`, a Retry button (a failed load). Retry stays usable while a reload runs, so
 *   the keyboard focus stays on it;
 * - with `onClose`, filled with a close button (a notification);
 * - with neither, as is (a failed save above its form, which keeps all that was typed).
 */
export const ErrorAlert = ({
  title,
  reason,
  onRetry,
  onClose,
}: Failure & { onRetry?: () => void; onClose?: () => void }) => (
  <Alert
    severity="error"
    variant={onClose ? 'filled' : 'standard'}
    onClose={onClose}
    action={
      onRetry && (
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      )
    }
    sx={onClose ? { minWidth: 280 } : undefined}
  >
    <AlertTitle sx={{ mb: reason ? 0.5 : 0 }}>{title}</AlertTitle>
    {reason}
  </Alert>
);

const NotifiedFailure = (failure: Failure) => {
  const close = useCloseNotification();
  return <ErrorAlert {...failure} onClose={close} />;
};

/** Notifies `title` (e.g. 'Delete failed') with the reason the API gave, if it gave one. */
export const useNotifyFailure = () => {
  const notify = useNotify();
  return (title: string, error: unknown) =>
    notify(<NotifiedFailure title={title} reason={errorMessage(error, '')} />, { type: 'error' });
};
