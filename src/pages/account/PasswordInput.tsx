import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import { type Ref, useState } from 'react';

/** A password field with a show/hide toggle naming the field ('Show new password'). */
export const PasswordInput = ({
  label,
  value,
  error,
  hint,
  autoComplete,
  disabled,
  maxLength,
  inputRef,
  onChange,
}: {
  label: string;
  value: string;
  error: string | undefined;
  hint?: string;
  autoComplete: 'current-password' | 'new-password';
  disabled: boolean;
  maxLength: number;
  inputRef?: Ref<HTMLInputElement>;
  onChange: (value: string) => void;
}) => {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      label={label}
      type={shown ? 'text' : 'password'}
      size="small"
      fullWidth
      autoComplete={autoComplete}
      value={value}
      error={error !== undefined}
      helperText={error ?? hint}
      inputRef={inputRef}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        htmlInput: { maxLength, readOnly: disabled },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={`${shown ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
                onClick={() => setShown((now) => !now)}
                edge="end"
                size="small"
              >
                {shown ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
};
