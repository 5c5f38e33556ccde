import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, TextField } from '@mui/material';
import { useTextFilter } from './useTextFilter';

/** The list's search box, bound to the `q` filter (see useTextFilter for when it applies). */
export const ListSearch = ({ label }: { label: string }) => {
  const filter = useTextFilter('q');
  return (
    <TextField
      size="small"
      type="search"
      label={label}
      {...filter}
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
