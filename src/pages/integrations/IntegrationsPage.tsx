import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Title } from 'react-admin';
import { errorMessage } from '../../apiErrors';
import { LoadingBox } from '../../components/LoadingBox';
import { RetryAlert } from '../../components/RetryAlert';
import { integrationsApi } from './api';
import { IntegrationsForm } from './IntegrationsForm';

/** /settings/integrations: the push and ads providers' settings, loaded afresh on each visit. */
export const IntegrationsPage = () => {
  const query = useQuery({
    queryKey: ['integrations'],
    queryFn: ({ signal }) => integrationsApi.get(signal),
    // not kept once the page closes, and not reloaded behind the admin's back while editing
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: 1,
    retryDelay: 500,
  });
  let body: ReactNode;
  if (query.data) body = <IntegrationsForm initial={query.data.integrations} />;
  else if (query.isError)
    body = (
      <RetryAlert
        title="Error loading integrations"
        reason={errorMessage(query.error, '')}
        onRetry={() => void query.refetch()}
      />
    );
  else body = <LoadingBox>Loading integrations…</LoadingBox>;
  return (
    <>
      <Title title="Integrations" />
      {body}
    </>
  );
};
