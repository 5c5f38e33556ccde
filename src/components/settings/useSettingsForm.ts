import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import { errorMessage, type FieldErrors, fieldErrorsOf } from '../../apiErrors';
import { isUnexpectedAnswer } from '../../dataProvider';
import type { Failure } from '../ErrorAlert';
import { hasErrors } from '../formValues';

/**
 * GET of a singleton: loaded afresh each time its page opens (nothing is kept once it closes),
 * and not again behind the admin's back while a form shows it. Any field may be missing (the
 * forms fall back to defaults); an answer that is no object at all counts as one with none.
 */
export const useSetting = <T extends object>(
  name: string,
  load: (signal: AbortSignal) => Promise<T | null>,
) =>
  useQuery({
    queryKey: ['settings', name],
    queryFn: async ({ signal }): Promise<Partial<T>> => {
      const loaded: unknown = await load(signal);
      return loaded && typeof loaded === 'object' ? (loaded as Partial<T>) : {};
    },
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: 1,
    retryDelay: 500,
  });

export type { Failure };

/** A failure titled `title`, with the reason under it. */
export const failureTitled =
  (title: string) =>
  (error: unknown): Failure => {
    const reason = errorMessage(error, '');
    return reason && reason !== title ? { title, reason } : { title };
  };

export interface SettingsFormOptions<F, B, R> {
  /** The loaded value in the form. */
  initial: F;
  /** The loaded version: sent as If-Match; null while never saved. */
  updatedAt: string | null;
  /** Client checks, by field name; nothing is sent while any fails. */
  validate?: (form: F) => FieldErrors;
  bodyOf: (form: F) => B;
  send: (body: B, version: string | null) => Promise<R>;
  /** A reply that saved: the form it leaves and the new version; null when it did not save. */
  accepted: (reply: R, body: B) => { form: F; updatedAt: string | null } | null;
  messages: {
    saved: string;
    /** The reply says nothing was saved. */
    notSaved: string;
    /** The call failed. */
    failed: (error: unknown) => Failure;
  };
}

export interface SettingsFormState<F> {
  form: F;
  /** Sets one field; its error goes away. */
  change: (field: string, update: (form: F) => F) => void;
  errors: FieldErrors;
  failure: Failure | undefined;
  saving: boolean;
  updatedAt: string | null;
  /** The form differs from what was loaded or last saved. */
  dirty: boolean;
  /** Counts saves refused by the client checks: the form focuses the first field in error. */
  refusals: number;
  submit: () => Promise<void>;
}

/**
 * A singleton's form: the values as typed, client checks, then the save. A failure keeps all
 * that was typed, puts the API's per-field messages on their fields and says what went wrong;
 * a success shows the saved values (as normalised) and the new last-updated time.
 */
export const useSettingsForm = <F, B, R>(
  options: SettingsFormOptions<F, B, R>,
): SettingsFormState<F> => {
  const { validate, bodyOf, send, accepted, messages } = options;
  const notify = useNotify();
  const [form, setForm] = useState(options.initial);
  const [savedForm, setSavedForm] = useState(options.initial);
  const [updatedAt, setUpdatedAt] = useState(options.updatedAt);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<Failure>();
  const [saving, setSaving] = useState(false);
  const [refusals, setRefusals] = useState(0);
  // A second Enter before the first save answers must not send twice.
  const inFlight = useRef(false);

  const change = (field: string, update: (current: F) => F) => {
    setForm(update);
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  const submit = async () => {
    if (inFlight.current) return;
    const invalid = validate?.(form) ?? {};
    setErrors(invalid);
    setFailure(undefined);
    if (hasErrors(invalid)) {
      setRefusals((count) => count + 1);
      return;
    }
    const body = bodyOf(form);
    inFlight.current = true;
    setSaving(true);
    try {
      const saved = accepted(await send(body, updatedAt), body);
      if (!saved) {
        setFailure({ title: messages.notSaved });
        return;
      }
      setForm(saved.form);
      setSavedForm(saved.form);
      setUpdatedAt(saved.updatedAt);
      notify(messages.saved, { type: 'success' });
    } catch (error) {
      if (isUnexpectedAnswer(error)) {
        setFailure({ title: messages.notSaved });
        return;
      }
      setErrors(fieldErrorsOf(error) ?? {});
      setFailure(messages.failed(error));
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  };

  const dirty = JSON.stringify(form) !== JSON.stringify(savedForm);
  return { form, change, errors, failure, saving, updatedAt, dirty, refusals, submit };
};
