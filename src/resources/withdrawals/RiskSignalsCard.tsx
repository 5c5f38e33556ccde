import { Box, Chip, Typography } from '@mui/material';
import { LinkIfAllowed } from '../../access/LinkIfAllowed';
import { ErrorAlert, failureTitled } from '../../components/ErrorAlert';
import { LoadingBox } from '../../components/LoadingBox';
import { SectionCard } from '../../components/SectionCard';
import { evidencePath, LEVEL_COLORS, LEVEL_LABELS, type Signal, useSignals } from './signals';
import type { WithdrawalRecord } from './types';

const EVIDENCE_LABELS: Record<Signal['evidence']['resource'], string> = {
  withdrawals: 'Show the withdrawals',
  users: 'Show the players',
};

const SignalItem = ({ signal }: { signal: Signal }) => (
  <Box component="li" sx={{ display: 'flex', gap: 1.5, alignItems: 'baseline', py: 0.75 }}>
    <Chip
      size="small"
      variant="outlined"
      color={LEVEL_COLORS[signal.level]}
      label={LEVEL_LABELS[signal.level]}
      sx={{ minWidth: 72 }}
    />
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" component="h3" sx={{ fontWeight: 600 }}>
        {signal.title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {signal.detail}{' '}
        <LinkIfAllowed
          to={evidencePath(signal.evidence)}
          resource={signal.evidence.resource}
          action="list"
        >
          {EVIDENCE_LABELS[signal.evidence.resource]}
        </LinkIfAllowed>
      </Typography>
    </Box>
  </Box>
);

/** 'Risk signals': each signal's level, title, detail and the list that shows its facts. */
export const RiskSignalsCard = ({ record }: { record: WithdrawalRecord }) => {
  const { signals, isPending, error, refetch } = useSignals(record.id);
  return (
    <SectionCard title="Risk signals">
      {isPending ? (
        <LoadingBox>Loading risk signals…</LoadingBox>
      ) : error || !signals ? (
        <ErrorAlert
          {...failureTitled('Could not load the risk signals')(error)}
          onRetry={refetch}
        />
      ) : signals.length === 0 ? (
        <Typography variant="body2">No risk signals</Typography>
      ) : (
        <Box component="ul" aria-label="Risk signals" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {signals.map((signal) => (
            <SignalItem key={`${signal.code}-${signal.title}`} signal={signal} />
          ))}
        </Box>
      )}
    </SectionCard>
  );
};
