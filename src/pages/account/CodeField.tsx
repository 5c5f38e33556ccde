import { TextField } from '@mui/material';
import type { Ref } from 'react';

/** The 'Code' field: six digits from the authenticator app (or, where `recovery`, a recovery code). */
export const CodeField = ({
  value,
  error,
  hint,
  recovery = false,
  disabled,
  inputRef,
  onChange,
}: {
  value: string;
  error: string | undefined;
  hint: string;
  recovery?: boolean;
  disabled: boolean;
  inputRef?: Ref<HTMLInputElement>;
  onChange: (value: string) => void;
}) => (
  <TextField
    label="Code"
    size="small"
    value={value}
    error={error !== undefined}
    helperText={error ?? hint}
    autoComplete="one-time-code"
    inputRef={inputRef}
    onChange={(event) => onChange(event.target.value)}
    slotProps={{
      htmlInput: {
        maxLength: 64,
        readOnly: disabled,
        spellCheck: false,
        inputMode: recovery ? 'text' : 'numeric',
        autoCapitalize: 'none',
      },
    }}
    sx={{ width: 260, maxWidth: '100%' }}
  />
);

/** What an empty 'Code' says. */
export const CODE_MISSING = 'Enter a code';
