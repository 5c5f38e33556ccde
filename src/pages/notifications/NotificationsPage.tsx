import { Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title } from 'react-admin';
import { notificationsApi } from './api';
import { SendNotificationForm } from './SendNotificationForm';
import { StatusBanner } from './StatusBanner';

/** /settings/notifications: whether push can go out, and the send form. */
export const NotificationsPage = () => {
  const status = useQuery({
    queryKey: ['notifications', 'status'],
    queryFn: ({ signal }) => notificationsApi.status(signal),
    gcTime: 0,
    retry: 1,
    retryDelay: 500,
  });
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
