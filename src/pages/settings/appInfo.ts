import type { AppInfoBody } from '../../../contract/settings';
import type { FieldErrors } from '../../apiErrors';

export type AppInfoField = keyof AppInfoBody;

/** The inputs in the form's order, with the name the required message uses. */
export const APP_INFO_FIELDS: readonly { name: AppInfoField; label: string; max: number }[] = [
  { name: 'title', label: 'Title', max: 100 },
  { name: 'version', label: 'Version', max: 32 },
  { name: 'email', label: 'Support email', max: 254 },
  { name: 'description', label: 'Description', max: 2000 },
];

export type AppInfoForm = Record<AppInfoField, string>;

export const appInfoFormOf = (loaded: Partial<Record<AppInfoField, unknown>>): AppInfoForm => {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    title: text(loaded.title),
    version: text(loaded.version),
    email: text(loaded.email),
    description: text(loaded.description),
  };
};

export const INVALID_EMAIL = 'Enter a valid email address';

// One @, something before it, a dot in what follows: the server checks the rest.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec section 5: all four required once trimmed; the support email must look like one. */
export const validateAppInfo = (form: AppInfoForm): FieldErrors => {
  const errors: FieldErrors = {};
  for (const { name, label } of APP_INFO_FIELDS) {
    if (!form[name].trim()) errors[name] = `${label} is required`;
  }
  if (!errors.email && !EMAIL.test(form.email.trim())) errors.email = INVALID_EMAIL;
  return errors;
};

/** The PATCH body: every value trimmed. */
export const appInfoBodyOf = (form: AppInfoForm): AppInfoBody => ({
  title: form.title.trim(),
  description: form.description.trim(),
  email: form.email.trim(),
  version: form.version.trim(),
});
