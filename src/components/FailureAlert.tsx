import { Alert, AlertTitle } from '@mui/material';
import { useCloseNotification, useNotify } from 'react-admin';
import { errorMessage } from '../apiErrors';

/** A failed action's alert: the spec's message as its title, the server's reason below it. */
const FailureAlert = ({ title, reason }: { title: string; reason: string }) => {
  const close = useCloseNotification();
  return (
    <Alert severity="error" variant="filled" onClose={close} sx={{ minWidth: 280 }}>
      <AlertTitle sx={{ mb: reason ? 0.5 : 0 }}>{title}</AlertTitle>
      {reason}
    </Alert>
  );
};

/** Notifies `title` (e.g. 'Delete failed') with the reason the API gave, if it gave one. */
export const useNotifyFailure = () => {
  const notify = useNotify();
  return (title: string, error: unknown) =>
    notify(<FailureAlert title={title} reason={errorMessage(error, '')} />, { type: 'error' });
};
