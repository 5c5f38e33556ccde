import { Box, Chip, Tooltip } from '@mui/material';
import type { RiskSummary } from '../../../contract/withdrawal-signals';
import { LEVEL_COLORS, LEVEL_LABELS, useSignals } from './signals';
import type { WithdrawalRecord } from './types';

const signalsText = (count: number) => `${count} signal${count === 1 ? '' : 's'}`;

/** 'High risk, 3 signals': the chip's name for who cannot see its colour. */
export const riskLabel = ({ level, count }: RiskSummary) =>
  level ? `${LEVEL_LABELS[level]} risk, ${signalsText(count)}` : 'No risk signals';

/** The signals' titles, read when first shown. */
const Titles = ({ id }: { id: WithdrawalRecord['id'] }) => {
  const { signals, isPending, error } = useSignals(id);
  if (isPending) return <>Loading signals…</>;
  if (error || !signals) return <>Could not load the signals</>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {signals.map((signal) => (
        <li
          key={`${signal.code}-${signal.title}`}
        >{`${LEVEL_LABELS[signal.level]}: ${signal.title}`}</li>
      ))}
    </Box>
  );
};

/**
 * A row's risk in short ('High 3'), its signals' titles on hover or focus: one request per row,
 * made only when the admin asks, then kept.
 */
export const RiskChip = ({ record }: { record: WithdrawalRecord }) => {
  const risk = record.risk;
  if (!risk?.level) {
    return (
      <Box component="span" aria-label="No risk signals" sx={{ color: 'text.secondary' }}>
        -
      </Box>
    );
  }
  return (
    // the tooltip's content mounts when it opens: that is when the titles are read
    <Tooltip title={<Titles id={record.id} />} describeChild>
      <Chip
        size="small"
        variant="outlined"
        color={LEVEL_COLORS[risk.level]}
        label={`${LEVEL_LABELS[risk.level]} ${risk.count}`}
        aria-label={riskLabel(risk)}
        tabIndex={0}
        sx={{ cursor: 'default' }}
      />
    </Tooltip>
  );
};
