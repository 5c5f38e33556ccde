import { Box, Button, CircularProgress } from '@mui/material';

/** A step of My account's forms: its submit button (with progress while busy) and Cancel. */
export const SubmitOrCancel = ({
  busy,
  label,
  busyLabel,
  onCancel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  onCancel: () => void;
}) => (
  <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
    <Button
      type="submit"
      variant="contained"
      disabled={busy}
      startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : null}
    >
      {busy ? busyLabel : label}
    </Button>
    <Button onClick={onCancel} disabled={busy}>
      Cancel
    </Button>
  </Box>
);
