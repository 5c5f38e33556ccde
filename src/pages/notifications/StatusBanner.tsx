import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, AlertTitle, Button, CircularProgress, Link } from '@mui/material';
import type { RaRecord, UseGetOneHookValue } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { PushStatus } from '../../../contract/notifications';
import { errorMessage } from '../../apiErrors';
import { LoadingBox } from '../../components/LoadingBox';
import { SectionCard } from '../../components/SectionCard';
import { MESSAGES } from './sendForm';

const INTEGRATIONS_PATH = '/settings/integrations';

type PushStatusRead = UseGetOneHookValue<PushStatus & RaRecord>;

const Banner = ({ status }: { status: PushStatusRead }) => {
  const { data, error } = status;
  if (data?.enabled) {
    return (
      <Alert severity="success">
        <AlertTitle>Push notifications are enabled</AlertTitle>
        App ID: {data.appId}
      </Alert>
    );
  }
  if (data) {
    return (
      <Alert severity="warning">
        <AlertTitle>Push notifications are disabled</AlertTitle>
        {data.error ?? 'Set up the push provider in Integrations to send notifications.'}{' '}
        <Link component={RouterLink} to={INTEGRATIONS_PATH}>
          Configure Integrations
        </Link>
      </Alert>
    );
  }
  if (error) {
    const reason = errorMessage(error, '');
    return (
      <Alert severity="error">
        <AlertTitle sx={{ mb: reason ? 0.5 : 0 }}>{MESSAGES.statusFailed}</AlertTitle>
        {reason}
      </Alert>
    );
  }
  return <LoadingBox>Loading status…</LoadingBox>;
};

/** Whether sends can go out (with the App ID) or why not, and 'Reload status'. */
export const StatusBanner = ({ status }: { status: PushStatusRead }) => (
  <SectionCard
    title="Provider status"
    actions={
      <Button
        onClick={() => void status.refetch()}
        startIcon={
          status.isFetching ? <CircularProgress size={14} color="inherit" /> : <RefreshIcon />
        }
      >
        Reload status
      </Button>
    }
  >
    <Banner status={status} />
  </SectionCard>
);
