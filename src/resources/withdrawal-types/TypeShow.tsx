import { Card, CardContent, Stack } from '@mui/material';
import { Show, useRecordContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { ActiveBadge } from '../../components/ActiveBadge';
import { Facts } from '../../components/Facts';
import { RecordTimeline } from '../../components/timeline/RecordTimeline';
import { useRecordLoadFailure } from '../../components/useRecordLoadFailure';
import { formatDateTime, formatNumber, formatUsd } from '../../format';
import { TypeRowActions } from './TypeRowActions';
import { rateFormat } from './TypeTable';
import { RESOURCE, type WithdrawalTypeRecord } from './types';

const LIST_PATH = `/${RESOURCE}`;

const TypeFacts = () => {
  const record = useRecordContext<WithdrawalTypeRecord>();
  const navigate = useNavigate();
  if (!record) return null;
  return (
    <Stack spacing={2}>
      <Card>
        <CardContent>
          <Facts
            facts={[
              ['Key', <code key="key">{record.key}</code>],
              ['Title', record.title],
              ['Rate (USD/pt)', rateFormat.format(record.rateUsdPerPoint)],
              ['Min Points', formatNumber(record.minPoints)],
              ['Stock', formatNumber(record.stock)],
              ['Fixed USD', formatUsd(record.fixedUsdAmount)],
              ['Active', <ActiveBadge key="active" active={record.isActive} />],
              ['Created', formatDateTime(record.createdAt)],
              ['Updated', formatDateTime(record.updatedAt)],
            ]}
          />
          <Stack direction="row" sx={{ mt: 2, justifyContent: 'flex-start' }}>
            <TypeRowActions record={record} onDeleted={() => navigate(LIST_PATH)} />
          </Stack>
        </CardContent>
      </Card>
      <RecordTimeline entity="withdrawal_type" entityId={record.id} />
    </Stack>
  );
};

/** The type's name in the page title. */
const TypeTitle = () => {
  const record = useRecordContext<WithdrawalTypeRecord>();
  return <>{record ? record.title : 'Withdrawal type'}</>;
};

/** /withdrawal-types/{id}/show: the type's fields, Edit, Enable/Disable and Delete; its history. */
export const TypeShow = () => {
  const queryOptions = useRecordLoadFailure('Withdrawal type not found', LIST_PATH);
  return (
    <Show title={<TypeTitle />} actions={false} queryOptions={queryOptions} component="div">
      <TypeFacts />
    </Show>
  );
};
