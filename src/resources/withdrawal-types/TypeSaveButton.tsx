import { Button, CircularProgress } from '@mui/material';
import { useSaveContext } from 'react-admin';

/** The form's 'Save', off and spinning while the save runs. */
export const TypeSaveButton = () => {
  const { saving = false } = useSaveContext();
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={saving}
      startIcon={saving ? <CircularProgress size={14} color="inherit" /> : undefined}
    >
      Save
    </Button>
  );
};
