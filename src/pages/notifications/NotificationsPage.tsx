import { Box } from '@mui/material';
import { type RaRecord, Title, useGetOne } from 'react-admin';
import type { PushStatus } from '../../../contract/notifications';
import { SendNotificationForm } from './SendNotificationForm';
import { StatusBanner } from './StatusBanner';

/** /settings/notifications: whether push can go out, and the send form. */
export const NotificationsPage = () => {
  const status = useGetOne<PushStatus & RaRecord>(
    'push-status',
    { id: 'push-status' },
    { gcTime: 0, retry: 1, retryDelay: 500 },
  );
  return (
    <>
      <Title title="Push Notifications" />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <StatusBanner status={status} />
        <SendNotificationForm
          enabled={status.data?.enabled === true}
          onDisabled={() => void status.refetch()}
        />
      </Box>
    </>
  );
};
