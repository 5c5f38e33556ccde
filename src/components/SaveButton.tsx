import SaveIcon from '@mui/icons-material/Save';
import { Button, CircularProgress } from '@mui/material';

/**
 * A settings form's submit button: 'Save changes', then disabled with a spinner and 'Saving…'
 * while the save runs (spec section 2, Integrations; every settings page behaves the same).
 */
export const SaveButton = ({ saving, disabled }: { saving: boolean; disabled?: boolean }) => (
  <Button
    type="submit"
    variant="contained"
    disabled={saving || disabled}
    startIcon={
      saving ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : <SaveIcon />
    }
  >
    {saving ? 'Saving…' : 'Save changes'}
  </Button>
);
