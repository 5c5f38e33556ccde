import { CardContent } from '@mui/material';
import { statusOf } from '../../apiErrors';
import { ErrorAlert } from '../../components/ErrorAlert';
import { MESSAGES } from './bot';

/** 'Error loading bot' with Retry; nothing for a 404, which goes back to the list. */
export const BotLoadError = ({ error, refetch }: { error: unknown; refetch: () => unknown }) =>
  statusOf(error) === 404 ? null : (
    <CardContent>
      <ErrorAlert title={MESSAGES.loadError} onRetry={() => void refetch()} />
    </CardContent>
  );
