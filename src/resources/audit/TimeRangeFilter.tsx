import { TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useListContext } from 'react-admin';

type Bound = 'from' | 'to';

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a datetime-local value in the admin's time zone ('' when there is none). */
export const toLocalInput = (iso: unknown): string => {
  if (typeof iso !== 'string') return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return `${date}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** A datetime-local value (the admin's time zone) as an ISO instant; undefined when blank. */
export const fromLocalInput = (local: string): string | undefined => {
  if (!local) return undefined;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
};

export const BACKWARDS_MESSAGE = 'Must not be before From';

const PAUSE_MS = 600;

/**
 * From (included) and To (excluded), to the minute in the admin's time zone, sent as ISO
 * instants. A To before From is pointed out and not sent: the list keeps the last valid range.
 */
export const TimeRangeFilter = () => {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const [draft, setDraft] = useState({
    from: toLocalInput(filterValues.from),
    to: toLocalInput(filterValues.to),
  });
  const { from: appliedFrom, to: appliedTo } = filterValues;
  // Typing a date passes through other complete dates (a year's digits one by one): the range
  // applies after a pause, over the filters as they are then.
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(filterValues);
  latest.current = filterValues;
  useEffect(() => () => clearTimeout(timer.current), []);
  // A range applied elsewhere (cleared, or the address changed) replaces what is typed.
  useEffect(() => {
    setDraft({ from: toLocalInput(appliedFrom), to: toLocalInput(appliedTo) });
  }, [appliedFrom, appliedTo]);

  const from = fromLocalInput(draft.from);
  const to = fromLocalInput(draft.to);
  const backwards = from !== undefined && to !== undefined && from > to;

  const apply = (next: typeof draft) => {
    const range = { from: fromLocalInput(next.from), to: fromLocalInput(next.to) };
    if (range.from && range.to && range.from > range.to) return;
    const { from: _from, to: _to, ...rest } = latest.current;
    setFilters(
      {
        ...rest,
        ...(range.from && { from: range.from }),
        ...(range.to && { to: range.to }),
      },
      displayedFilters,
      false,
    );
  };

  const change = (bound: Bound, value: string) => {
    const next = { ...draft, [bound]: value };
    setDraft(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => apply(next), PAUSE_MS);
  };

  const field = (bound: Bound, label: string) => (
    <TextField
      size="small"
      fullWidth={false}
      type="datetime-local"
      label={label}
      value={draft[bound]}
      onChange={(event) => change(bound, event.target.value)}
      error={bound === 'to' && backwards}
      helperText={bound === 'to' && backwards ? BACKWARDS_MESSAGE : undefined}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ width: 220 }}
    />
  );

  return (
    <>
      {field('from', 'From')}
      {field('to', 'To')}
    </>
  );
};
