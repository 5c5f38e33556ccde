import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, TextField } from '@mui/material';
import { useTextFilter } from './useTextFilter';

/**
 * The list's search box, bound to the `q` filter or the one named (see useTextFilter for when it
 * applies).
 */
export const ListSearch = ({ label, source = 'q' }: { label: string; source?: string }) => {
  const filter = useTextFilter(source);
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
