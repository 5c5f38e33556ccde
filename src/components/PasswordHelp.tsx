import { Box } from '@mui/material';

type PasswordHelpProps = { error: string | undefined; help: string };

/**
 * A new password's helper text: its help, worded the same with or without an error, and the
 * error, if any, on a line above it.
 */
export const PasswordHelp = ({ error, help }: PasswordHelpProps) => (
  <>
    {error && (
      <>
        <Box component="span" sx={{ display: 'block' }}>
          {error}
        </Box>{' '}
      </>
    )}
    <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
      {help}
    </Box>
  </>
);
