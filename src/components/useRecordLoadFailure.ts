import { useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { errorMessage, statusOf } from '../apiErrors';

/**
 * queryOptions for a record's Show or Edit: an unknown id says '{Thing} not found' (not
 * react-admin's 'Element does not exist') and goes back to the list. Any other failure is
 * notified with the server's reason, or left to the page when it shows its own (`otherwise`
 * omitted).
 */
export function useRecordLoadFailure(notFound: string, listPath: string, otherwise?: string) {
  const notify = useNotify();
  const navigate = useNavigate();
  return {
    onError: (error: unknown) => {
      if (statusOf(error) === 404) {
        notify(notFound, { type: 'error' });
        navigate(listPath, { replace: true });
      } else if (otherwise !== undefined) {
        notify(errorMessage(error, otherwise), { type: 'error' });
      }
    },
  };
}
