import { zodResolver } from '@hookform/resolvers/zod';
import type { ChangeEvent } from 'react';
import { type DefaultValues, useController, useForm, useFormContext } from 'react-hook-form';
import type { z } from 'zod';

/**
 * One of My account's forms over `schema`: every check at once on submit, the first field in
 * error focused; a field's message goes as soon as it is typed in, and the checks run again on
 * the next submit.
 */
export const useAccountForm = <F extends Record<string, string>>(
  schema: z.ZodType<F, F>,
  defaultValues: DefaultValues<F>,
) => useForm<F>({ resolver: zodResolver(schema), defaultValues, reValidateMode: 'onSubmit' });

/** A text input of the form bound by `name`: its props for a MUI TextField, and its message. */
export const useBoundText = (name: string) => {
  const { field, fieldState } = useController({ name });
  const { clearErrors } = useFormContext();
  const message = fieldState.error?.message;
  return {
    message,
    props: {
      name: field.name,
      value: String(field.value ?? ''),
      inputRef: field.ref,
      onBlur: field.onBlur,
      error: message !== undefined,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        field.onChange(event.target.value);
        clearErrors(name);
      },
    },
  };
};
