import { TextField } from '@mui/material';
import { useTextFilter } from '../../components/useTextFilter';

/** A text box bound to one filter of the list, applied as the search box is. */
export const TextFilter = ({ source, label }: { source: string; label: string }) => {
  const filter = useTextFilter(source);
  return (
    <TextField
      size="small"
      fullWidth={false}
      label={label}
      {...filter}
      slotProps={{ htmlInput: { maxLength: 200 } }}
      sx={{ width: 180 }}
    />
  );
};
