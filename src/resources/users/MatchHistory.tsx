import {
  Alert,
  Box,
  Button,
  Chip,
  type ChipProps,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { type Identifier, type RaRecord, ReferenceManyField, useListContext } from 'react-admin';
import type { Match, MatchOutcome } from '../../../contract/users';
import { PrevNextControls } from '../../components/PrevNextControls';
import { SectionCard } from '../../components/SectionCard';
import { formatDateTime, formatNumber, formatUsd } from '../../format';
import { totalIsLowerBound } from '../../listMeta';

/** Match history page size (spec section 9). */
export const MATCHES_PER_PAGE = 10;

const OUTCOME_COLORS: Record<MatchOutcome, ChipProps['color']> = {
  win: 'success',
  loss: 'error',
  draw: 'default',
};

const OUTCOME_LABELS: Record<MatchOutcome, string> = { win: 'Win', loss: 'Loss', draw: 'Draw' };
/** The contract's outcomes, kept here so the console never loads zod at runtime. */
const OUTCOMES = Object.keys(OUTCOME_LABELS) as MatchOutcome[];

const COLUMNS = [
  'Match ID',
  'Game',
  'Price',
  'Reward',
  'Score',
  'Outcome',
  'Opponent',
  'Started',
  'Ended',
] as const;

const isTransient = (error: unknown) => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status !== 'number' || status === 0 || status >= 500;
};

const rewardText = (match: Match) =>
  `${formatNumber(match.rewardAmount)} ${match.rewardType === 'xp' ? 'XP' : match.rewardType}`;

const opponentText = (match: Match) => match.opponent?.username || match.opponentUserId || '-';

const MatchRow = ({ match }: { match: Match }) => (
  <TableRow>
    <TableCell sx={{ fontFamily: 'monospace' }}>{match.matchId}</TableCell>
    <TableCell>{match.gameName}</TableCell>
    <TableCell align="right">{formatUsd(match.price)}</TableCell>
    <TableCell align="right">{rewardText(match)}</TableCell>
    <TableCell>{`${match.userScore} vs ${match.opponentScore}`}</TableCell>
    <TableCell>
      <Chip
        size="small"
        variant="outlined"
        label={match.outcome}
        color={OUTCOME_COLORS[match.outcome]}
      />
    </TableCell>
    <TableCell>{opponentText(match)}</TableCell>
    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(match.startedAt)}</TableCell>
    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(match.endedAt)}</TableCell>
  </TableRow>
);

const retryOnce = {
  retry: (failures: number, error: unknown) => failures < 1 && isTransient(error),
};

/**
 * A user's matches, newest first, 10 a page, with the outcome filter (all, win, loss, draw) and
 * Prev/Next: the `matches` resource referenced by the user (GET /admin/users/{id}/matches).
 */
export const MatchHistory = ({ userId }: { userId: Identifier }) => (
  <ReferenceManyField
    reference="matches"
    target="userId"
    record={{ id: userId }}
    perPage={MATCHES_PER_PAGE}
    queryOptions={retryOnce}
  >
    <MatchHistoryCard />
  </ReferenceManyField>
);

const MatchHistoryCard = () => {
  const {
    data: rows,
    total: listTotal,
    meta,
    error,
    isPending,
    isFetching,
    isPlaceholderData,
    refetch,
    page,
    setPage,
    filterValues,
    setFilters,
  } = useListContext<Match & RaRecord>();
  const outcome = (filterValues.outcome as MatchOutcome | undefined) ?? 'all';
  const data = rows ? { items: rows, total: listTotal ?? 0 } : undefined;
  const items = data?.items ?? [];
  const total = data?.total ?? 0;

  let body: ReactNode;
  if (isPending) {
    body = (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        Loading matches…
      </Typography>
    );
  } else if (error && !data) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => refetch()}>
            Retry
          </Button>
        }
      >
        Error loading matches
      </Alert>
    );
  } else if (!items.length) {
    body = (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        No matches
      </Typography>
    );
  } else {
    body = (
      // Focusable, so that keyboard users can scroll the wide table sideways.
      <Box
        role="region"
        aria-label="Match history table"
        tabIndex={0}
        sx={{
          overflowX: 'auto',
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
        }}
      >
        <Table size="small" aria-label="Match history">
          <TableHead>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableCell
                  key={column}
                  align={['Price', 'Reward'].includes(column) ? 'right' : 'left'}
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  {column}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody sx={{ opacity: isPlaceholderData ? 0.6 : 1 }}>
            {items.map((match) => (
              <MatchRow key={match._id} match={match} />
            ))}
          </TableBody>
        </Table>
      </Box>
    );
  }

  return (
    <SectionCard
      title="Match history"
      actions={
        <TextField
          select
          size="small"
          label="Outcome"
          fullWidth={false}
          margin="none"
          value={outcome}
          onChange={(event) => {
            const value = event.target.value as MatchOutcome | 'all';
            setFilters(value === 'all' ? {} : { outcome: value }, {});
          }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 140 }}
        >
          <option value="all">All</option>
          {OUTCOMES.map((value) => (
            <option key={value} value={value}>
              {OUTCOME_LABELS[value]}
            </option>
          ))}
        </TextField>
      }
    >
      <Box sx={{ height: 4 }}>{isFetching && <LinearProgress aria-label="Loading matches" />}</Box>
      {body}
      {error && data && (
        <Alert severity="error" sx={{ mt: 1 }}>
          Error loading matches
        </Alert>
      )}
      {data && total > 0 && (
        <PrevNextControls
          label="Match history pages"
          page={page}
          perPage={MATCHES_PER_PAGE}
          total={total}
          totalIsLowerBound={totalIsLowerBound(meta)}
          disabled={isFetching}
          onPageChange={setPage}
        />
      )}
    </SectionCard>
  );
};
