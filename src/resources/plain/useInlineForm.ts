import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type RaRecord, useCreate, useNotify, useUpdate } from 'react-admin';
import { errorMessage, type FieldErrors, fieldErrorsOf } from '../../apiErrors';
import { type FormValues, hasErrors } from '../../components/formValues';
import { type AnySpec, messagesOf } from './spec';
import { bodyOf, formValuesOf, requiredErrorsOf } from './values';

export interface InlineFormOptions<R extends RaRecord> {
  /** The resource's URL name and declaration: its fields, defaults and messages. */
  name: string;
  spec: AnySpec;
  /** The record being edited (saved with PATCH of the changed fields), or null to create one. */
  record: R | null;
  /**
   * The values the page picks instead of an input (the selected category's id), added to the
   * body; a required one missing shows as the form's message.
   */
  picked?: Record<string, string>;
  /** After the success message; `created` tells a create from an update. */
  onSaved?: (record: R, created: boolean) => void;
}

export interface InlineFormState {
  /** A record is being edited (Save and Cancel), not created. */
  editing: boolean;
  values: FormValues;
  errors: FieldErrors;
  /** A failure with no field of the form to show it on (the server's message, or ours). */
  message: string | undefined;
  saving: boolean;
  /** The values differ from the record's (or a new record's): leaving the page asks first. */
  dirty: boolean;
  setValue: (name: string, value: string) => void;
  submit: () => Promise<void>;
}

/** The messages of `errors` that no field of the form can show. */
const unplacedMessage = (errors: FieldErrors, values: FormValues): string | undefined => {
  const unplaced = Object.entries(errors).filter(([name]) => !(name in values));
  return unplaced.length ? unplaced.map(([, message]) => message).join(' ') : undefined;
};

/**
 * The state of a create/edit form: values, client checks, then create or update through the
 * dataProvider. A failure keeps every value: the API's per-field messages go on their fields,
 * any other failure becomes the form's message. A create empties the form after its success.
 */
export const useInlineForm = <R extends RaRecord>(
  options: InlineFormOptions<R>,
): InlineFormState => {
  const { name: resource, spec, record, picked, onSaved } = options;
  const messages = messagesOf(resource);
  const empty = formValuesOf(spec, null);
  const [create] = useCreate<R>();
  const [update] = useUpdate<R>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [initial] = useState<FormValues>(() => formValuesOf(spec, record));
  const [saved, setSaved] = useState<FormValues>(initial);
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string>();
  const [saving, setSaving] = useState(false);

  const setValue = (name: string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _fixed, ...rest }) => rest);
  };

  const send = (body: Record<string, unknown>) => {
    const data = body as Partial<R>;
    return record
      ? update(resource, { id: record.id, data, previousData: record }, { returnPromise: true })
      : create(resource, { data }, { returnPromise: true });
  };

  const submit = async () => {
    const invalid = requiredErrorsOf(spec, { ...picked, ...values });
    setErrors(invalid);
    setMessage(unplacedMessage(invalid, values));
    if (hasErrors(invalid)) return;

    setSaving(true);
    try {
      // returnPromise: resolves with the saved record
      const saved = (await send({ ...picked, ...bodyOf(spec, values) })) as R;
      // react-admin puts an updated record in place in the lists it holds: reload them, for a
      // new sort order or a name the search no longer matches (a create reloads them itself)
      if (record) void queryClient.invalidateQueries({ queryKey: [resource, 'getList'] });
      notify(record ? messages.updated : messages.created, { type: 'success' });
      if (record) setSaved(values);
      else setValues(empty);
      onSaved?.(saved, !record);
    } catch (error) {
      const fields = fieldErrorsOf(error) ?? {};
      const placed = Object.keys(fields).some((name) => name in values);
      setErrors(fields);
      setMessage(
        unplacedMessage(fields, values) ??
          (placed ? undefined : errorMessage(error, messages.saveError)),
      );
    } finally {
      setSaving(false);
    }
  };

  const dirty = Object.keys(values).some((name) => values[name] !== saved[name]);
  return { editing: record !== null, values, errors, message, saving, dirty, setValue, submit };
};
