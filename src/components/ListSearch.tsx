import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, TextField } from '@mui/material';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useListContext } from 'react-admin';

const PAUSE_MS = 400;

/**
 * The list's search box, bound to the `q` filter: typing searches after a short pause,
 * Enter searches at once. The pause is ours, not react-admin's debounce, so a search still
 * pending when the admin opens a row is dropped instead of pulling them back to the list.
 */
export const ListSearch = ({ label }: { label: string }) => {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const applied = typeof filterValues.q === 'string' ? filterValues.q : '';
  const [value, setValue] = useState(applied);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => setValue(applied), [applied]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = (q: string) => {
    clearTimeout(timer.current);
    const { q: _old, ...rest } = filterValues;
    setFilters(q.trim() ? { ...rest, q: q.trim() } : rest, displayedFilters, false);
  };

  return (
    <TextField
      size="small"
      type="search"
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
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ minWidth: { xs: '100%', sm: 280 } }}
    />
  );
};
