import { Box, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { ShowBase, Title, useShowContext } from 'react-admin';
import { useParams } from 'react-router-dom';
import { ADJUSTMENT_NOTE_MAX } from '../../../contract/adjustments';
import { LinkIfAllowed } from '../../access/LinkIfAllowed';
import { ReadOnlyNote } from '../../access/ReadOnlyNote';
import { useAllowed } from '../../access/useAllowed';
import { BackButton } from '../../components/BackButton';
import { ConfirmButton } from '../../components/ConfirmButton';
import { Facts } from '../../components/Facts';
import { LoadingBox } from '../../components/LoadingBox';
import { StatusBadge } from '../../components/StatusBadge';
import { useRecordLoadFailure } from '../../components/useRecordLoadFailure';
import { formatDateTime, formatNumber } from '../../format';
import { DECISION_LABELS } from '../withdrawals/types';
import { type AdjustmentRecord, DECIDE_ADJUSTMENTS, reasonLabel } from './types';
import { useDecideAdjustment } from './useDecideAdjustment';

const Player = ({ record }: { record: AdjustmentRecord }) => (
  <>
    <LinkIfAllowed to={`/users/${encodeURIComponent(record.userId)}`} resource="users">
      {record.user?.username ?? record.userId}
    </LinkIfAllowed>
    <Box component="span" sx={{ display: 'block', fontFamily: 'monospace' }}>
      {record.userId}
    </Box>
    {record.user && (
      <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
        {`${record.user.email} · Account: ${record.user.status}`}
      </Box>
    )}
  </>
);

const Fields = ({ record }: { record: AdjustmentRecord }) => (
  <Facts
    facts={[
      ['ID', record._id],
      ['Player', <Player key="player" record={record} />],
      ['Credit (points)', `+${formatNumber(record.delta)}`],
      ['Reason', reasonLabel(record)],
      ['Note', record.note || '-'],
      ['Status', <StatusBadge key="status" status={record.status} />],
      ['Requested by', record.requestedBy || '-'],
      ['Requested', formatDateTime(record.requestedAt)],
      ['Decided by', record.decidedBy || '-'],
      ['Decided', formatDateTime(record.decidedAt)],
      ['Decision note', record.decisionNote || '-'],
    ]}
  />
);

/**
 * Approve and Reject, each confirmed first, with an optional note; Approve is disabled, saying
 * why, when the API would refuse this admin (their own request or account, approvers linked).
 */
const Decision = ({ record }: { record: AdjustmentRecord }) => {
  const [note, setNote] = useState('');
  const { mutateAsync, isPending } = useDecideAdjustment();
  const mayDecide = useAllowed(DECIDE_ADJUSTMENTS).allowed;
  if (record.status !== 'pending') {
    return <Typography sx={{ mt: 3 }}>{`This credit is already ${record.status}.`}</Typography>;
  }
  if (!mayDecide) return null;
  const refusal = record.approvalRefusal?.error;
  const who = record.user?.username ?? record.userId;
  return (
    <Stack spacing={2} sx={{ mt: 3 }}>
      <TextField
        label="Decision note (optional)"
        value={note}
        onChange={(event) => setNote(event.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: ADJUSTMENT_NOTE_MAX } }}
        sx={{ maxWidth: 640 }}
      />
      <Stack direction="row" spacing={1}>
        {(['approve', 'reject'] as const).map((action) => (
          <ConfirmButton
            key={action}
            variant="contained"
            size="medium"
            color={action === 'approve' ? 'success' : 'error'}
            confirmColor={action === 'approve' ? 'success' : 'error'}
            disabled={isPending || (action === 'approve' && refusal !== undefined)}
            confirm={`Are you sure you want to ${action} this credit?`}
            description={
              action === 'approve'
                ? `${formatNumber(record.delta)} points are added to ${who}'s balance.`
                : `${who}'s balance stays as it is.`
            }
            onConfirm={() => mutateAsync({ id: record.id, action, note })}
          >
            {DECISION_LABELS[action]}
          </ConfirmButton>
        ))}
      </Stack>
      {refusal && <Typography color="warning.main">{refusal}</Typography>}
    </Stack>
  );
};

const AdjustmentDetail = () => {
  const { id = '' } = useParams();
  const { record, isPending } = useShowContext<AdjustmentRecord>();
  return (
    <>
      <Title title={`Adjustment ${record?._id ?? id}`} />
      <Box sx={{ mb: 2 }}>
        <BackButton fallback="/adjustments" />
      </Box>
      <ReadOnlyNote action={DECIDE_ADJUSTMENTS} doing="approving and rejecting credits" />
      <Card>
        <CardContent>
          {isPending || !record ? (
            <LoadingBox>Loading adjustment…</LoadingBox>
          ) : (
            <>
              <Fields record={record} />
              <Decision key={record.status} record={record} />
            </>
          )}
        </CardContent>
      </Card>
    </>
  );
};

/** /adjustments/{id}: the credit, who asked for it and why, and Approve / Reject while pending. */
export const AdjustmentShow = () => {
  const loadFailure = useRecordLoadFailure(
    'Adjustment not found',
    '/adjustments',
    'Error loading adjustment',
  );
  return (
    <ShowBase queryOptions={loadFailure}>
      <AdjustmentDetail />
    </ShowBase>
  );
};
