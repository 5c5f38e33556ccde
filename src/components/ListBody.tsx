import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { useListContext } from 'react-admin';
import { errorMessage } from '../apiErrors';
import { ErrorAlert } from './ErrorAlert';
import { LoadingBox } from './LoadingBox';
import { RefreshBar } from './RefreshBar';

/**
 * The states of a react-admin list around its rows (`children`): 'Loading {what}…' on the first
 * load, then a thin bar while it reloads. With `errorTitle`, a failed load shows in place, with
 * the server's reason and Retry (give the list `queryOptions={{ onError }}` so it is not also a
 * notification).
 */
export const ListBody = ({
  what,
  loading = `Loading ${what}…`,
  errorTitle,
  inset = false,
  children,
}: {
  /** 'bots', 'categories': names the loading and reloading states. */
  what: string;
  /** The first load's text, when the screen words it otherwise ('Loading…'). */
  loading?: string;
  errorTitle?: string;
  /** The rows run edge to edge (a react-admin List's card): keeps the alert in from the edges. */
  inset?: boolean;
  children: ReactNode;
}) => {
  const { isPending, isFetching, error, refetch } = useListContext();
  if (isPending && !error) return <LoadingBox>{loading}</LoadingBox>;
  return (
    <>
      {error && errorTitle ? (
        <Box sx={{ mb: 1, mx: inset ? 2 : 0 }}>
          <ErrorAlert
            title={errorTitle}
            reason={errorMessage(error, '')}
            onRetry={() => void refetch()}
          />
        </Box>
      ) : null}
      <RefreshBar active={isFetching} label={`Refreshing ${what}`} />
      {children}
    </>
  );
};
