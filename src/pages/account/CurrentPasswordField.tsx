import { z } from 'zod';
import { PasswordField } from '../../components/PasswordField';
import { useBoundText } from './accountForm';

export const CURRENT_PASSWORD_MISSING = 'Enter your current password';

/** The check of 'Current password': typed. */
export const currentPassword = z.string().min(1, CURRENT_PASSWORD_MISSING);

/**
 * 'Current password' (the form's `currentPassword`): typed again before two-step sign-in is set
 * up or turned off, so that a session alone (a stolen one) cannot change it.
 */
export const CurrentPasswordField = ({ disabled }: { disabled: boolean }) => {
  const { props, message } = useBoundText('currentPassword');
  return (
    <PasswordField
      {...props}
      label="Current password"
      size="small"
      helperText={message}
      autoComplete="current-password"
      htmlInput={{ readOnly: disabled }}
      sx={{ maxWidth: 320 }}
    />
  );
};
