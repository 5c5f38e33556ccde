import { useState } from 'react';
import { useNotify } from 'react-admin';

export const SAVED = 'Withdrawal type saved';

/**
 * The props of the <EditBase>/<CreateBase> (or <Edit>/<Create>) around a type form: it saves
 * pessimistically (a PUT of the whole type with If-Match: the version loaded, or a POST), says
 * 'Withdrawal type saved', then `onSaved`. A failure is kept for the form to show ('Save failed'
 * and the refused fields), not notified.
 */
export const useTypeSave = (onSaved: () => void) => {
  const notify = useNotify();
  const [failure, setFailure] = useState<unknown>();
  const saveProps = {
    redirect: false,
    mutationMode: 'pessimistic',
    mutationOptions: {
      onSuccess: () => {
        setFailure(undefined);
        notify(SAVED, { type: 'success' });
        onSaved();
      },
      onError: (error: unknown) => setFailure(error),
    },
  } as const;
  return { failure, saveProps };
};
