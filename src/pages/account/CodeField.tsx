import { TextField } from '@mui/material';
import { z } from 'zod';
import { useBoundText } from './accountForm';

/**
 * The 'Code' field (the form's `code`): six digits from the authenticator app (or, where
 * `recovery`, a recovery code).
 */
export const CodeField = ({
  hint,
  recovery = false,
  disabled,
}: {
  hint: string;
  recovery?: boolean;
  disabled: boolean;
}) => {
  const { props, message } = useBoundText('code');
  return (
    <TextField
      {...props}
      label="Code"
      size="small"
      helperText={message ?? hint}
      autoComplete="one-time-code"
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
};

/** What an empty 'Code' says. */
export const CODE_MISSING = 'Enter a code';

/** The check of 'Code': typed (what is sent is trimmed). */
export const code = z.string().trim().min(1, CODE_MISSING);
