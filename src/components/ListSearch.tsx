import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, TextField } from '@mui/material';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useListContext } from 'react-admin';

/**
 * The list's search box, bound to the `q` filter: typing searches after a short pause,
 * Enter searches at once.
 */
export const ListSearch = ({ label }: { label: string }) => {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const applied = typeof filterValues.q === 'string' ? filterValues.q : '';
  const [value, setValue] = useState(applied);

  useEffect(() => setValue(applied), [applied]);

  const apply = (q: string, debounce: boolean) => {
    const { q: _old, ...rest } = filterValues;
    setFilters(q.trim() ? { ...rest, q: q.trim() } : rest, displayedFilters, debounce);
  };

  return (
    <TextField
      size="small"
      type="search"
      label={label}
      value={value}
      onChange={(event) => {
        setValue(event.target.value);
        apply(event.target.value, true);
      }}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === 'Enter') apply(value, false);
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
