import { useState } from 'react';
import { useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { FieldErrors } from '../apiErrors';

/** What a failed save says: its message, and the errors the form shows on its inputs. */
export interface SaveFailure {
  message: string;
  fields?: FieldErrors | undefined;
}

/**
 * A create or edit screen's mutation options: on success the message and back to the list; on
 * failure the message and the per-field errors, which the form shows on its inputs.
 */
export const useSaveFeedback = (
  success: string,
  listPath: string,
  failureOf: (error: unknown) => SaveFailure,
) => {
  const notify = useNotify();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FieldErrors | undefined>();
  const mutationOptions = {
    onSuccess: () => {
      notify(success, { type: 'success' });
      navigate(listPath);
    },
    onError: (error: unknown) => {
      const { message, fields } = failureOf(error);
      setErrors(fields);
      notify(message, { type: 'error' });
    },
  };
  return { errors, mutationOptions };
};
