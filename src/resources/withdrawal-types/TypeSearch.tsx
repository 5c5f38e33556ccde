import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, Checkbox, FormControlLabel, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useListContext } from 'react-admin';

/**
 * The list's search box (key or title) and 'Only active'. Search and Enter apply the box;
 * ticking 'Only active' filters at once (with what the box holds), like any filter checkbox.
 * Searching again for what is shown reloads it.
 */
export const TypeSearch = () => {
  const { filterValues, setFilters, refetch, page } = useListContext();
  const [q, setQ] = useState(typeof filterValues.q === 'string' ? filterValues.q : '');
  const [onlyActive, setOnlyActive] = useState(filterValues.active === true);

  const search = (text: string, active: boolean) => {
    const next = text.trim();
    if (
      next === (filterValues.q ?? '') &&
      active === (filterValues.active === true) &&
      page === 1
    ) {
      void refetch();
      return;
    }
    setFilters({ ...(next ? { q: next } : {}), ...(active ? { active: true } : {}) }, {}, false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    search(q, onlyActive);
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
              search(q, event.target.checked);
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
