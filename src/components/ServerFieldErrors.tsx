import { useEffect } from 'react';
import { useFormContext } from 'react-hook-form';
import type { FieldErrors } from '../apiErrors';

/**
 * Puts the API's per-field messages (a 409 'Nickname already exists', a 400) on the inputs of
 * the enclosing react-admin form, and moves the focus to the first. Pass a new object per failure.
 */
export const ServerFieldErrors = ({ errors }: { errors?: FieldErrors }) => {
  const { setError } = useFormContext();
  useEffect(() => {
    for (const [name, message] of Object.entries(errors ?? {})) {
      setError(name, { type: 'server', message }, { shouldFocus: true });
    }
  }, [errors, setError]);
  return null;
};
