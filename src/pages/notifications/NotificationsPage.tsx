import { Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { SendNotificationForm } from './SendNotificationForm';
import { StatusBanner } from './StatusBanner';

/** /settings/notifications: whether push can go out, and the send form. */
export const NotificationsPage = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const status = useQuery({
    queryKey: ['notifications', 'status'],
    queryFn: ({ signal }) => dataProvider.getPushStatus(signal),
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
