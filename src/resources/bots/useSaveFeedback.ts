import { useState } from 'react';
import { useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { FieldErrors } from '../../apiErrors';
import { saveErrorOf } from './botValues';
import { BOTS_PATH } from './paths';

/**
 * The create and edit screens' mutation options: on success the message ('Bot created',
 * 'Bot updated') and back to /bots; on failure the message and the per-field errors, which the
 * form shows on its inputs.
 */
export const useSaveFeedback = (successMessage: string) => {
  const notify = useNotify();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FieldErrors | undefined>();
  const mutationOptions = {
    onSuccess: () => {
      notify(successMessage, { type: 'success' });
      navigate(BOTS_PATH);
    },
    onError: (error: unknown) => {
      const { message, fields } = saveErrorOf(error);
      setErrors(fields);
      notify(message, { type: 'error' });
    },
  };
  return { errors, mutationOptions };
};
