import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { ShowBase, Title, useShowContext } from 'react-admin';
import { useParams } from 'react-router-dom';
import { errorMessage, statusOf } from '../../apiErrors';
import { BackButton } from '../../components/BackButton';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Facts } from '../../components/Facts';
import { LoadingBox } from '../../components/LoadingBox';
import { FAILURE_SHOWN_IN_PAGE } from '../../components/queryOptions';
import { actorLabel } from '../../components/timeline/auditWords';
import { formatDateTime } from '../../format';
import { ActionWords } from './ActionWords';
import { type AuditRecord, LIST_PATH, MESSAGES } from './audit';
import { JsonBlock } from './JsonBlock';
import { RecordRef } from './RecordRef';

const EntryFacts = ({ record }: { record: AuditRecord }) => (
  <Facts
    facts={[
      [
        'When',
        <time key="when" dateTime={record.at}>
          {formatDateTime(record.at, 'medium')}
        </time>,
      ],
      ['Who', actorLabel(record)],
      [
        'Action',
        <span key="action">
          <ActionWords entry={record} /> (<code>{record.action}</code>)
        </span>,
      ],
      ['Record', <RecordRef key="record" entry={record} />],
      ['IP', record.ip ?? '-'],
      ['Entry', <code key="entry">{record._id}</code>],
    ]}
  />
);

/** A row the list already holds lacks before and after until the entry itself arrives. */
const hasChange = (record: AuditRecord) => 'before' in record && 'after' in record;

const Change = ({ record }: { record: AuditRecord }) =>
  hasChange(record) ? (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
        mt: 3,
      }}
    >
      <JsonBlock title="Before" value={record.before} />
      <JsonBlock title="After" value={record.after} />
    </Box>
  ) : (
    <LoadingBox>Loading the change…</LoadingBox>
  );

const LoadFailure = () => {
  const { error, refetch } = useShowContext();
  if (statusOf(error) === 404) return <Typography>{MESSAGES.notFound}</Typography>;
  return (
    <ErrorAlert
      title={MESSAGES.loadError}
      reason={errorMessage(error, '')}
      onRetry={() => void refetch()}
    />
  );
};

const EntryDetail = () => {
  const { id = '' } = useParams();
  const { record, isPending, error } = useShowContext<AuditRecord>();
  const body = error ? (
    <LoadFailure />
  ) : isPending || !record ? (
    <LoadingBox>Loading audit entry…</LoadingBox>
  ) : (
    <>
      <EntryFacts record={record} />
      <Change record={record} />
    </>
  );
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title={`Audit entry ${record?._id ?? id}`} />
      <Box>
        <BackButton fallback={LIST_PATH} />
      </Box>
      <Card>
        <CardContent>{body}</CardContent>
      </Card>
    </Stack>
  );
};

/** Failures show in the page (with Retry), not as a notification and a move to the list. */

/** /audit/{id}/show: the entry's facts, then its before and after as stored. */
export const AuditShow = () => (
  <ShowBase queryOptions={FAILURE_SHOWN_IN_PAGE} redirectOnError={false}>
    <EntryDetail />
  </ShowBase>
);
