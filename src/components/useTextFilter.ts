import { type ChangeEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useListContext } from 'react-admin';

const PAUSE_MS = 400;

/**
 * A text box's props bound to one filter of the list: typing applies it after a short pause,
 * Enter at once, blank removes it. The pause is ours, not react-admin's debounce, so a filter
 * still pending when the admin opens a row is dropped instead of pulling them back to the list.
 */
export function useTextFilter(source: string) {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const current = filterValues[source];
  const applied = typeof current === 'string' ? current : '';
  const [value, setValue] = useState(applied);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A pause ends after later renders: it must apply over the filters as they are then (another
  // filter may have changed meanwhile), not as they were when the typing began.
  const latest = useRef(filterValues);
  latest.current = filterValues;

  // What this box last applied: when the filter comes back as that, it is our own change
  // arriving, and whatever was typed since stays.
  const sent = useRef(applied);

  // Changed elsewhere (cleared, or a link): show it, and drop a pause still pending.
  useEffect(() => {
    if (applied === sent.current) return;
    sent.current = applied;
    clearTimeout(timer.current);
    setValue(applied);
  }, [applied]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = (next: string) => {
    clearTimeout(timer.current);
    const { [source]: _old, ...rest } = latest.current;
    const trimmed = next.trim();
    sent.current = trimmed;
    setFilters(trimmed ? { ...rest, [source]: trimmed } : rest, displayedFilters, false);
  };

  return {
    value,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const next = event.target.value;
      setValue(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => apply(next), PAUSE_MS);
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Enter') apply(value);
    },
  };
}
