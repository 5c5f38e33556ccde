import type { Ref } from 'react';
import { PasswordField } from '../../components/PasswordField';

export const CURRENT_PASSWORD_MISSING = 'Enter your current password';

/**
 * 'Current password': typed again before two-step sign-in is set up or turned off, so that a
 * session alone (a stolen one) cannot change it.
 */
export const CurrentPasswordField = ({
  value,
  error,
  disabled,
  inputRef,
  onChange,
}: {
  value: string;
  error: string | undefined;
  disabled: boolean;
  inputRef?: Ref<HTMLInputElement>;
  onChange: (value: string) => void;
}) => (
  <PasswordField
    label="Current password"
    size="small"
    value={value}
    error={error !== undefined}
    helperText={error}
    autoComplete="current-password"
    htmlInput={{ readOnly: disabled }}
    inputRef={inputRef}
    onChange={(event) => onChange(event.target.value)}
    sx={{ maxWidth: 320 }}
  />
);
