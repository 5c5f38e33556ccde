import { type Identifier, useGetOne } from 'react-admin';
import type {
  Signal,
  SignalEvidence,
  SignalLevel,
  SignalsResponse,
} from '../../../contract/withdrawal-signals';

export type { Signal, SignalLevel };

export const LEVEL_LABELS: Record<SignalLevel, string> = {
  high: 'High',
  warning: 'Warning',
  info: 'Info',
};

/** The MUI colour a level shows in. */
export const LEVEL_COLORS: Record<SignalLevel, 'error' | 'warning' | 'info'> = {
  high: 'error',
  warning: 'warning',
  info: 'info',
};

/** The list's risk filter's choices ('All' is added by the filter itself). */
export const RISK_CHOICES = [
  { value: 'high', label: 'High' },
  { value: 'warning', label: 'Warning' },
] as const;

/** The list that shows a signal's facts, with its filter in the URL as react-admin reads it. */
export const evidencePath = ({ resource, filter }: SignalEvidence) =>
  `/${resource}?${new URLSearchParams({ filter: JSON.stringify(filter) })}`;

/**
 * GET /admin/withdrawals/{id}/signals through the data provider (`withdrawal-signals`), read
 * only while `enabled`; one cache entry per withdrawal, so the list's hover, the detail page and
 * the approve dialog share it.
 */
export const useSignals = (id: Identifier, enabled = true) => {
  const { data, isPending, error, refetch } = useGetOne<SignalsResponse & { id: Identifier }>(
    'withdrawal-signals',
    { id },
    { enabled },
  );
  return { signals: data?.signals, isPending: enabled && isPending, error, refetch };
};

/** The titles of the `high` signals, in words: 'Shared destination, New account'. */
export const highTitles = (signals: readonly Signal[]) =>
  signals
    .filter((signal) => signal.level === 'high')
    .map((signal) => signal.title)
    .join(', ');
