import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import { useId } from 'react';
import { Show, useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';
import { IfAllowed } from '../../access/Allowed';
import { Facts } from '../../components/Facts';
import { SectionCard } from '../../components/SectionCard';
import { StatusBadge } from '../../components/StatusBadge';
import { RecordTimeline } from '../../components/timeline/RecordTimeline';
import { useRecordLoadFailure } from '../../components/useRecordLoadFailure';
import { formatDateTime, formatNumber } from '../../format';
import { PendingCredits } from '../adjustments/PendingCredits';
import { AdminToggleButton } from './AdminToggleButton';
import { MatchHistory } from './MatchHistory';
import { PermissionsCard } from './PermissionsCard';
import { TwoStepResetButton } from './TwoStepResetButton';
import { UserAccessButton } from './UserAccessButton';
import { UserTitle } from './UserTitle';
import { MESSAGES, twoStepLabel, USERS_PATH, type UserRecord, userEditPath } from './user';

const ProfileCard = ({ record }: { record: UserRecord }) => {
  const adminRole = record.adminRole;
  const statusBadge = <StatusBadge status={record.status} />;
  return (
    <SectionCard
      title="Profile"
      actions={
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <IfAllowed action="edit" resource="users">
            <Button
              variant="contained"
              component={Link}
              to={userEditPath(record.id)}
              startIcon={<EditIcon />}
            >
              Edit user
            </Button>
          </IfAllowed>
          <AdminToggleButton record={record} />
          <UserAccessButton record={record} size="medium" variant="outlined" />
          <TwoStepResetButton record={record} />
        </Box>
      }
    >
      <Facts
        facts={[
          ['Username', record.username],
          ['Email', record.email],
          ['User ID', record.userId],
          ['Status', statusBadge],
          ['Balance', formatNumber(record.balance)],
          ['XP', formatNumber(record.xp)],
          ['Referred by', record.referredBy || '-'],
          ['Referral code', record.referralCode || '-'],
          ['Created', formatDateTime(record.createdAt)],
          ['Updated', formatDateTime(record.updatedAt)],
          ['Admin enabled', adminRole?.enabled ? 'yes' : 'no'],
          ['Roles', adminRole?.roles.length ? adminRole.roles.join(', ') : '-'],
          ...(adminRole?.enabled
            ? [['Two-step sign-in', twoStepLabel(record)] as [string, string]]
            : []),
        ]}
      />
    </SectionCard>
  );
};

const StatCard = ({ label, value }: { label: string; value: number | undefined }) => {
  const labelId = useId();
  return (
    <Card component="section" aria-labelledby={labelId}>
      <CardContent>
        <Typography id={labelId} component="h2" variant="overline" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p">
          {formatNumber(value)}
        </Typography>
      </CardContent>
    </Card>
  );
};

const StatCards = ({ record }: { record: UserRecord }) => (
  <Box
    sx={{
      display: 'grid',
      gap: 2,
      gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' },
    }}
  >
    <StatCard label="Matches" value={record.stats?.matchesCount} />
    <StatCard label="Wins" value={record.stats?.wins} />
    <StatCard label="Losses" value={record.stats?.losses} />
    <StatCard label="Draws" value={record.stats?.draws} />
  </Box>
);

const UserDetail = () => {
  const record = useRecordContext<UserRecord>();
  if (!record) return <LinearProgress aria-label="Loading user" />;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <ProfileCard record={record} />
      <PendingCredits userId={record.id} />
      <StatCards record={record} />
      <PermissionsCard record={record} />
      <MatchHistory userId={record.id} />
      <RecordTimeline entity="user" entityId={record.id} />
    </Box>
  );
};

/** /users/{userId}: profile, admin toggle, permissions, stats, match history and history. */
export const UserShow = () => {
  const loadFailure = useRecordLoadFailure(MESSAGES.notFound, USERS_PATH, MESSAGES.loadError);
  return (
    <Show title={<UserTitle />} actions={false} component="div" queryOptions={loadFailure}>
      <UserDetail />
    </Show>
  );
};
