import { TextField } from '@mui/material';
import type { Ref } from 'react';
import { useTextFilter } from '../../components/useTextFilter';

/** A text box bound to one filter of the list, applied as the search box is. */
export const TextFilter = ({
  source,
  label,
  inputRef,
}: {
  source: string;
  label: string;
  inputRef?: Ref<HTMLInputElement>;
}) => {
  const filter = useTextFilter(source);
  return (
    <TextField
      size="small"
      fullWidth={false}
      label={label}
      inputRef={inputRef}
      {...filter}
      slotProps={{ htmlInput: { maxLength: 200 } }}
      sx={{ width: 180 }}
    />
  );
};
