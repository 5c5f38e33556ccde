import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Show, TopToolbar, useRecordContext, useShowContext } from 'react-admin';
import { Link } from 'react-router-dom';
import { IfAllowed } from '../../access/Allowed';
import { ActiveBadge } from '../../components/ActiveBadge';
import { BackButton } from '../../components/BackButton';
import { Facts } from '../../components/Facts';
import { LoadingBox } from '../../components/LoadingBox';
import { RecordTimeline } from '../../components/timeline/RecordTimeline';
import { useRecordLoadFailure } from '../../components/useRecordLoadFailure';
import { formatDateTime, formatNumber } from '../../format';
import { BotAvatar } from './BotAvatar';
import { BotLoadError } from './BotLoadError';
import { BotTitle } from './BotTitle';
import { type BotRecord, MESSAGES } from './bot';
import { BOTS_PATH, botEditPath } from './paths';

const ShowActions = () => {
  const record = useRecordContext<BotRecord>();
  return (
    <TopToolbar sx={{ justifyContent: 'space-between', width: '100%' }}>
      <BackButton fallback={BOTS_PATH} />
      {record && (
        <IfAllowed action="edit">
          <Button
            component={Link}
            to={botEditPath(record.id)}
            variant="contained"
            startIcon={<EditIcon />}
          >
            Edit
          </Button>
        </IfAllowed>
      )}
    </TopToolbar>
  );
};

const LoadError = () => {
  const { error, refetch } = useShowContext();
  return <BotLoadError error={error} refetch={refetch} />;
};

const BotDetail = ({ record }: { record: BotRecord }) => (
  <CardContent>
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
      <BotAvatar url={record.avatarUrl} nickname={record.nickname} size={64} />
      <Box sx={{ minWidth: 0 }}>
        <Typography component="h2" variant="h5" sx={{ overflowWrap: 'anywhere' }}>
          {record.nickname}
        </Typography>
        <ActiveBadge active={record.active} on="Active" off="Inactive" />
      </Box>
    </Stack>
    <Facts
      facts={[
        ['Bot ID', <code key="id">{record.botId}</code>],
        ['Skill', formatNumber(record.skill)],
        ['Active', record.active ? 'yes' : 'no'],
        ['Sessions', `${formatNumber(record.currentSessions)}/${formatNumber(record.maxSessions)}`],
        ['Allowed offers', record.allowedOffers.join(', ') || '-'],
        ['Last used', formatDateTime(record.lastUsedAt)],
        ['Created', formatDateTime(record.createdAt)],
        ['Updated', formatDateTime(record.updatedAt)],
      ]}
    />
  </CardContent>
);

/** /bots/{botId}/show: the bot as the list knows it, and more, with Edit; then its history. */
export const BotShow = () => {
  const loadFailure = useRecordLoadFailure(MESSAGES.notFound, BOTS_PATH);
  return (
    <Show
      title={<BotTitle fallback="Bot" />}
      actions={<ShowActions />}
      queryOptions={loadFailure}
      component="div"
      error={
        <Card>
          <LoadError />
        </Card>
      }
      render={({ record }) =>
        record ? (
          <Stack spacing={2}>
            <Card>
              <BotDetail record={record as BotRecord} />
            </Card>
            <RecordTimeline entity="bot" entityId={record.id} />
          </Stack>
        ) : (
          <Card>
            <LoadingBox>Loading bot…</LoadingBox>
          </Card>
        )
      }
    />
  );
};
