import { Button, CircularProgress } from '@mui/material';

/** The form's 'Save', off and spinning while the save runs. */
export const TypeSaveButton = ({ saving }: { saving: boolean }) => (
  <Button
    type="submit"
    variant="contained"
    disabled={saving}
    startIcon={saving ? <CircularProgress size={14} color="inherit" /> : undefined}
  >
    Save
  </Button>
);
