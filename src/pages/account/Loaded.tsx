import type { ReactNode } from 'react';
import type { RaRecord, UseGetOneHookValue } from 'react-admin';
import { errorMessage } from '../../apiErrors';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingBox } from '../../components/LoadingBox';

/**
 * A section's body once its query has an answer: 'Loading {what}…' before, and a failed load
 * ('Error loading {what}', the reason, Retry) instead.
 */
export const Loaded = <T extends RaRecord>({
  query,
  what,
  children,
}: {
  query: Pick<UseGetOneHookValue<T>, 'data' | 'isError' | 'error' | 'refetch'>;
  what: string;
  children: (loaded: T) => ReactNode;
}) => {
  if (query.data !== undefined) return children(query.data);
  if (query.isError) {
    return (
      <ErrorAlert
        title={`Error loading ${what}`}
        reason={errorMessage(query.error, '')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <LoadingBox>{`Loading ${what}…`}</LoadingBox>;
};
