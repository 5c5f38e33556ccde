import { Box } from '@mui/material';
import { Edit, useEditContext, useRecordContext } from 'react-admin';
import { Facts } from '../../components/Facts';
import { LoadingBox } from '../../components/LoadingBox';
import { useRecordLoadFailure } from '../../components/useRecordLoadFailure';
import { formatDateTime, formatNumber } from '../../format';
import { ChangedElsewhere } from '../../live/ChangedElsewhere';
import { BotForm } from './BotForm';
import { BotLoadError } from './BotLoadError';
import { BotTitle } from './BotTitle';
import { type BotRecord, MESSAGES } from './bot';
import { toBotPayload } from './botValues';
import { BOTS_PATH } from './paths';
import { useBotSaveFeedback } from './useBotSaveFeedback';

/** What the form cannot change: the public id and the live figures. */
const ReadOnlyFacts = () => {
  const record = useRecordContext<BotRecord>();
  if (!record) return null;
  return (
    <Box sx={{ width: '100%', mb: 2 }}>
      <Facts
        facts={[
          ['Bot ID', <code key="id">{record.botId}</code>],
          ['Current sessions', formatNumber(record.currentSessions)],
          ['Last used', formatDateTime(record.lastUsedAt)],
        ]}
      />
    </Box>
  );
};

const LoadError = () => {
  const { error, refetch } = useEditContext();
  return <BotLoadError error={error} refetch={refetch} />;
};

/**
 * /bots/{botId}/edit: the read-only facts and the form. Saving PATCHes only the changed fields
 * (the dataProvider compares with the loaded bot), then 'Bot updated' and back to /bots.
 */
export const BotEdit = () => {
  const loadFailure = useRecordLoadFailure(MESSAGES.notFound, BOTS_PATH);
  const { errors, mutationOptions } = useBotSaveFeedback(MESSAGES.updated);
  return (
    <Edit
      title={<BotTitle fallback="Edit bot" />}
      actions={false}
      mutationMode="pessimistic"
      transform={toBotPayload}
      mutationOptions={mutationOptions}
      queryOptions={loadFailure}
      error={<LoadError />}
      render={({ record }) =>
        record ? (
          <>
            <ChangedElsewhere entity="bot" />
            <BotForm errors={errors}>
              <ReadOnlyFacts />
            </BotForm>
          </>
        ) : (
          <LoadingBox>Loading bot…</LoadingBox>
        )
      }
    />
  );
};
