import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, Checkbox, FormControlLabel, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';
import type { TypeSearch } from './types';

/**
 * The search box (key or title) and 'Only active'. Search and Enter apply the box; ticking
 * 'Only active' filters at once (with what the box holds), like any filter checkbox.
 */
export const SearchToolbar = ({ onSearch }: { onSearch: (search: TypeSearch) => void }) => {
  const [q, setQ] = useState('');
  const [onlyActive, setOnlyActive] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ q: q.trim(), onlyActive });
  };

  return (
    <Box
      component="form"
      role="search"
      aria-label="Withdrawal types"
      onSubmit={submit}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 2 }}
    >
      <TextField
        size="small"
        type="search"
        label="Search key or title"
        value={q}
        onChange={(event) => setQ(event.target.value)}
        sx={{ minWidth: { xs: '100%', sm: 280 } }}
      />
      <FormControlLabel
        label="Only active"
        control={
          <Checkbox
            checked={onlyActive}
            onChange={(event) => {
              setOnlyActive(event.target.checked);
              onSearch({ q: q.trim(), onlyActive: event.target.checked });
            }}
          />
        }
      />
      <Button type="submit" variant="outlined" startIcon={<SearchIcon />}>
        Search
      </Button>
    </Box>
  );
};
