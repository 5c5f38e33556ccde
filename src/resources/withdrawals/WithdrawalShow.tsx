import { Box, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { ShowBase, Title, useShowContext } from 'react-admin';
import { useParams } from 'react-router-dom';
import { REJECT_REASON_LABELS } from '../../../contract/withdrawals';
import { LinkIfAllowed } from '../../access/LinkIfAllowed';
import { useAllowed } from '../../access/useAllowed';
import { BackButton } from '../../components/BackButton';
import { LoadingBox } from '../../components/LoadingBox';
import { StatusBadge } from '../../components/StatusBadge';
import { RecordTimeline } from '../../components/timeline/RecordTimeline';
import { useRecordLoadFailure } from '../../components/useRecordLoadFailure';
import { formatDateTime, formatNumber, formatUsd } from '../../format';
import { useOtherViewers } from '../../live/usePresence';
import { AlsoViewing } from './AlsoViewing';
import { approvalBlock, approvalsText, useSignedInAdmin } from './approvals';
import { DecisionButton } from './DecisionButton';
import { RiskSignalsCard } from './RiskSignalsCard';
import type { WithdrawalRecord } from './types';
import { UserStatusNote } from './UserStatusNote';

const formatRate = (value: number | null | undefined) =>
  value === null || value === undefined
    ? '-'
    : new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 }).format(value);

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box sx={{ minWidth: 0 }}>
    <Typography component="dt" variant="caption" color="text.secondary">
      {label}
    </Typography>
    <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  </Box>
);

const UserField = ({ record }: { record: WithdrawalRecord }) => (
  <>
    <LinkIfAllowed to={`/users/${encodeURIComponent(record.userId)}`} resource="users">
      {record.user?.username ?? record.userId}
    </LinkIfAllowed>
    <Box component="span" sx={{ display: 'block', fontFamily: 'monospace' }}>
      {record.userId}
    </Box>
    <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
      {record.user?.email ?? '-'}
    </Box>
    <UserStatusNote user={record.user} />
  </>
);

/** '1 of 2', then who approved, when, and their note. */
const ApprovalsField = ({ record }: { record: WithdrawalRecord }) => (
  <>
    {approvalsText(record)}
    {(record.approvals ?? []).length > 0 && (
      <Box component="ol" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
        {record.approvals.map((approval) => (
          <li key={`${approval.adminId}-${approval.at}`}>
            {`${approval.username}, ${formatDateTime(approval.at)}`}
            {approval.note && (
              <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                {approval.note}
              </Box>
            )}
          </li>
        ))}
      </Box>
    )}
  </>
);

const Fields = ({ record }: { record: WithdrawalRecord }) => (
  <Box
    component="dl"
    sx={{
      display: 'grid',
      gridTemplateColumns: {
        xs: '1fr',
        sm: 'repeat(2, minmax(0, 1fr))',
        md: 'repeat(3, minmax(0, 1fr))',
      },
      gap: 2,
      m: 0,
    }}
  >
    <Field label="ID">{record._id}</Field>
    <Field label="User">
      <UserField record={record} />
    </Field>
    <Field label="Type">{record.typeId}</Field>
    <Field label="Points spent">{formatNumber(record.pointsSpent)}</Field>
    <Field label="USD value">{formatUsd(record.usdValue)}</Field>
    <Field label="Rate (USD/pt)">{formatRate(record.rateUsdPerPoint)}</Field>
    <Field label="Fixed USD amount">{formatUsd(record.fixedUsdAmount)}</Field>
    <Field label="Destination">{record.destination}</Field>
    <Field label="Status">
      <StatusBadge status={record.status} />
    </Field>
    <Field label="Approvals">
      <ApprovalsField record={record} />
    </Field>
    {record.status === 'rejected' && (
      <Field label="Reason">
        {record.reasonCode ? REJECT_REASON_LABELS[record.reasonCode] : '-'}
      </Field>
    )}
    <Field label="Admin note">{record.adminNote || '-'}</Field>
    <Field label="Created">{formatDateTime(record.createdAt)}</Field>
    <Field label="Updated">{formatDateTime(record.updatedAt)}</Field>
    <Field label="Decided">{formatDateTime(record.decidedAt)}</Field>
    <Field label="Decided by">{record.decidedBy || '-'}</Field>
  </Box>
);

const Moderation = ({ record }: { record: WithdrawalRecord }) => {
  const [note, setNote] = useState('');
  const pending = record.status === 'pending';
  const blocked = approvalBlock(record, useSignedInAdmin());
  // a pending withdrawal is decided here only by who may approve
  if (!useAllowed('approve', 'withdrawals').allowed && pending) return null;
  return (
    <Stack spacing={2} sx={{ mt: 3 }}>
      <TextField
        label="Moderation note"
        value={note}
        onChange={(event) => setNote(event.target.value)}
        disabled={!pending}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
        sx={{ maxWidth: 640 }}
      />
      {pending ? (
        <>
          <Stack direction="row" spacing={1}>
            {(['approve', 'reject'] as const).map((action) => (
              <DecisionButton
                key={action}
                record={record}
                action={action}
                adminNote={note}
                confirmText={`Confirm to ${action} this withdrawal?`}
                blockedBy={action === 'approve' ? blocked : undefined}
                size="medium"
              />
            ))}
          </Stack>
          {blocked && <Typography color="warning.main">{blocked}</Typography>}
        </>
      ) : (
        <Typography>{`This withdrawal is already ${record.status}.`}</Typography>
      )}
    </Stack>
  );
};

const WithdrawalDetail = () => {
  const { id = '' } = useParams();
  const { record, isPending } = useShowContext<WithdrawalRecord>();
  // announced from the start, not once loaded: another reviewer sees this admin at once
  const others = useOtherViewers('withdrawals', id || undefined);
  return (
    <>
      <Title title={`Withdrawal ${record?._id ?? id}`} />
      <Box sx={{ mb: 2 }}>
        <BackButton fallback="/withdrawals" />
      </Box>
      {record && (
        <Box sx={{ mb: 2 }}>
          <RiskSignalsCard record={record} />
        </Box>
      )}
      <Card>
        <CardContent>
          {isPending || !record ? (
            <LoadingBox>Loading withdrawal…</LoadingBox>
          ) : (
            <>
              <Fields record={record} />
              <AlsoViewing others={others} />
              <Moderation key={record.status} record={record} />
            </>
          )}
        </CardContent>
      </Card>
      {record && (
        <RecordTimeline
          entity="withdrawal"
          entityId={record._id}
          oldest={{
            label: `Requested by ${record.user?.username ?? record.userId}`,
            at: record.createdAt,
          }}
        />
      )}
    </>
  );
};

/**
 * /withdrawals/{id}: its risk signals first, then every field, the moderation note, Approve /
 * Reject while pending (the dialogs start from that note), and the withdrawal's history.
 */
export const WithdrawalShow = () => {
  const loadFailure = useRecordLoadFailure(
    'Withdrawal not found',
    '/withdrawals',
    'Error loading withdrawal',
  );
  return (
    <ShowBase queryOptions={loadFailure}>
      <WithdrawalDetail />
    </ShowBase>
  );
};
