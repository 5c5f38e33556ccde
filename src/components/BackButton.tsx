import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Button } from '@mui/material';
import { useLocation, useNavigate } from 'react-router-dom';

/** Back to where the admin came from; to `fallback` when the page was opened directly. */
export const BackButton = ({ fallback }: { fallback: string }) => {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Button
      startIcon={<ArrowBackIcon />}
      onClick={() => (location.key === 'default' ? navigate(fallback) : navigate(-1))}
    >
      Back
    </Button>
  );
};
