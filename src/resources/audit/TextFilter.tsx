import { TextField } from '@mui/material';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useListContext } from 'react-admin';

const PAUSE_MS = 400;

/**
 * A text box bound to one filter of the list, applied as the search box is: after a short pause
 * in typing, or at once on Enter. Blank removes the filter.
 */
export const TextFilter = ({ source, label }: { source: string; label: string }) => {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const current = filterValues[source];
  const applied = typeof current === 'string' ? current : '';
  const [value, setValue] = useState(applied);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => setValue(applied), [applied]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = (next: string) => {
    clearTimeout(timer.current);
    const { [source]: _old, ...rest } = filterValues;
    const trimmed = next.trim();
    setFilters(trimmed ? { ...rest, [source]: trimmed } : rest, displayedFilters, false);
  };

  return (
    <TextField
      size="small"
      fullWidth={false}
      label={label}
      value={value}
      onChange={(event) => {
        const next = event.target.value;
        setValue(next);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => apply(next), PAUSE_MS);
      }}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === 'Enter') apply(value);
      }}
      slotProps={{ htmlInput: { maxLength: 200 } }}
      sx={{ width: 180 }}
    />
  );
};
