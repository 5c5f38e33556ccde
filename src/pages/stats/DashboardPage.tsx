import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Title, useGetOne } from 'react-admin';
import type { StatsRange, UsersOverTime } from '../../../contract/stats';
import { useAllowed } from '../../access/useAllowed';
import { STATS_QUERY_DEFAULTS, useStatsSummary } from '../../components/useStatsSummary';
import { formatDateTime, formatNumber } from '../../format';
import { ageSince, useNow } from '../../resources/withdrawals/waiting';
import { KpiCard } from './KpiCard';

// @mui/x-charts is fetched only when the dashboard renders (not part of the entry chunk).
const UsersChart = lazy(() => import('./UsersChart'));

const CHART_HEIGHT = 300;

export const RANGES: readonly { value: StatsRange; label: string; description: string }[] = [
  { value: 'day', label: 'Day', description: 'last 24h' },
  { value: 'week', label: 'Week', description: 'last 7 days' },
  { value: 'month', label: 'Month', description: 'last 30 days' },
];

const DEFAULT_RANGE: StatsRange = 'week';

/** The pending withdrawals, the longest waiting first. */
const OLDEST_PENDING_FIRST = `/withdrawals?${new URLSearchParams({
  filter: JSON.stringify({ status: 'pending' }),
  sort: 'waiting',
  order: 'DESC',
})}`;

/** Spec section 8: dashboard load errors are only logged, nothing is shown. */
const useLogError = (error: unknown, what: string) => {
  useEffect(() => {
    if (error) console.error(`Dashboard: could not load ${what}`, error);
  }, [error, what]);
};

const ChartPlaceholder = () => (
  <Box
    role="status"
    aria-label="Loading chart"
    sx={{
      height: CHART_HEIGHT,
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      borderRadius: 1,
      bgcolor: 'action.hover',
    }}
  >
    <CircularProgress size={24} aria-hidden="true" />
  </Box>
);

/** '/': new users over a range, the total in that range, and the live KPIs. */
export const DashboardPage = () => {
  const [range, setRange] = useState<StatsRange>(DEFAULT_RANGE);
  const now = useNow();
  const totalId = useId();
  // a figure leads to its list only for who may read it
  const mayOpen = {
    withdrawals: useAllowed('list', 'withdrawals').allowed,
    users: useAllowed('list', 'users').allowed,
  };

  const usersOverTime = useGetOne<UsersOverTime & { id: StatsRange }>(
    'users-over-time',
    { id: range, meta: { query: { range } } },
    // switching range keeps the last chart on screen until the new one arrives
    { placeholderData: (previous) => previous, ...STATS_QUERY_DEFAULTS },
  );
  const summary = useStatsSummary();
  useLogError(usersOverTime.error, 'new users over time');
  useLogError(summary.error, 'the summary');

  const refreshing = usersOverTime.isFetching || summary.isFetching;
  const refresh = () => {
    void usersOverTime.refetch();
    void summary.refetch();
  };

  const chart = usersOverTime.data;
  const oldestPendingAt = summary.data?.oldestPendingAt;
  const description = RANGES.find((item) => item.value === range)?.description ?? '';

  return (
    <>
      <Title title="Dashboard" />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            variant="outlined"
            onClick={refresh}
            disabled={refreshing}
            startIcon={refreshing ? <CircularProgress size={16} /> : <RefreshIcon />}
          >
            Refresh
          </Button>
        </Box>

        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          <KpiCard
            title="Pending withdrawals"
            value={summary.data?.pendingWithdrawals}
            loading={summary.isPending}
            to={mayOpen.withdrawals ? '/withdrawals' : undefined}
          />
          <KpiCard
            title="Oldest pending"
            value={
              summary.data === undefined
                ? undefined
                : oldestPendingAt
                  ? ageSince(oldestPendingAt, now)
                  : 'None'
            }
            valueTitle={
              oldestPendingAt ? `Requested ${formatDateTime(oldestPendingAt)}` : undefined
            }
            loading={summary.isPending}
            to={mayOpen.withdrawals ? OLDEST_PENDING_FIRST : undefined}
          />
          <KpiCard
            title="Total users"
            value={summary.data?.totalUsers}
            loading={summary.isPending}
            to={mayOpen.users ? '/users' : undefined}
          />
        </Box>

        <Card variant="outlined">
          <CardContent>
            <Box
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'flex-start',
                justifyContent: 'space-between',
                gap: 2,
                mb: 2,
              }}
            >
              <Box>
                <Typography component="h2" variant="h6">
                  New users
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {`${description} (UTC)`}
                </Typography>
              </Box>
              <Box role="group" aria-labelledby={totalId} sx={{ textAlign: 'right' }}>
                <Typography id={totalId} variant="body2" color="text.secondary">
                  Total in range
                </Typography>
                <Typography component="p" variant="h5">
                  {chart ? formatNumber(chart.totalInRange) : '-'}
                </Typography>
              </Box>
            </Box>
            <ToggleButtonGroup
              exclusive
              size="small"
              aria-label="Range"
              value={range}
              onChange={(_event, next: StatsRange | null) => {
                if (next) setRange(next);
              }}
              sx={{ mb: 2 }}
            >
              {RANGES.map((item) => (
                <ToggleButton
                  key={item.value}
                  value={item.value}
                  title={item.description}
                  sx={{ textTransform: 'none', px: 2 }}
                >
                  {item.label}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <Box
              aria-busy={usersOverTime.isFetching}
              sx={{ opacity: usersOverTime.isFetching ? 0.6 : 1, transition: 'opacity 150ms' }}
            >
              <Suspense fallback={<ChartPlaceholder />}>
                <UsersChart
                  range={chart?.range ?? range}
                  labels={chart?.labels ?? []}
                  data={chart?.data ?? []}
                />
              </Suspense>
            </Box>
          </CardContent>
        </Card>
      </Box>
    </>
  );
};
