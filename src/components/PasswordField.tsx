import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { useState } from 'react';

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'slotProps'> & {
  label: string;
  /** Attributes of the input element itself (maxLength, readOnly). */
  htmlInput?: Record<string, unknown>;
};

/**
 * A password field with a show/hide toggle named after it ('Show password', 'Hide new
 * password'): the sign-in page's and My account's.
 */
export const PasswordField = ({ label, htmlInput, size, ...props }: PasswordFieldProps) => {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      label={label}
      size={size}
      type={shown ? 'text' : 'password'}
      slotProps={{
        htmlInput,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={`${shown ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
                onClick={() => setShown((now) => !now)}
                edge="end"
                size={size === 'small' ? 'small' : 'medium'}
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
