import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import type { WithdrawalTypeBody } from './typeForm';
import { RESOURCE, type WithdrawalTypeRecord } from './types';

/**
 * POST a new type, or PUT the whole edited one (If-Match: the version it was loaded at), then
 * 'Withdrawal type saved' and every cached list of types reloads. Failures are the form's to show.
 */
export const useSaveType = (editing: WithdrawalTypeRecord | undefined, onSaved: () => void) => {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const save = useMutation({
    mutationFn: (body: WithdrawalTypeBody) =>
      editing
        ? dataProvider.update(RESOURCE, { id: editing.id, data: body, previousData: editing })
        : dataProvider.create(RESOURCE, { data: body }),
    onSuccess: () => {
      notify(SAVED, { type: 'success' });
      onSaved();
      void queryClient.invalidateQueries({ queryKey: [RESOURCE] });
    },
  });
  /** What TypeForm takes to save: the record, the submit, and the last failure. */
  const form = {
    record: editing,
    onSubmit: (body: FieldValues) => {
      if (!save.isPending) save.mutate(body as WithdrawalTypeBody);
    },
    failure: save.error,
    saving: save.isPending,
  };
  return { form, saving: save.isPending };
};

export const SAVED = 'Withdrawal type saved';
