import { APP_INFO_MAX, AppInfoBody } from '../../../contract/settings';
import type { FieldErrors } from '../../apiErrors';
import { contractErrors, contractResolver } from '../../forms/contractErrors';

export type AppInfoField = keyof AppInfoBody;

/** The inputs in the form's order, with their labels and the API's limits. */
export const APP_INFO_FIELDS: readonly { name: AppInfoField; label: string; max: number }[] = [
  { name: 'title', label: 'Title', max: APP_INFO_MAX.title },
  { name: 'version', label: 'Version', max: APP_INFO_MAX.version },
  { name: 'email', label: 'Support email', max: APP_INFO_MAX.email },
  { name: 'description', label: 'Description', max: APP_INFO_MAX.description },
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

/** The PATCH body: every value trimmed. */
export const appInfoBodyOf = (form: AppInfoForm): AppInfoBody => ({
  title: form.title.trim(),
  description: form.description.trim(),
  email: form.email.trim(),
  version: form.version.trim(),
});

/**
 * Spec section 5, as the API checks it (contract/settings): all four required once trimmed
 * ('Title is required', 'Support email is required'); the support email must look like one.
 */
export const validateAppInfo = (form: AppInfoForm): FieldErrors =>
  contractErrors(AppInfoBody, appInfoBodyOf(form));

/** The form's checks: validateAppInfo's, by zod's resolver. */
export const appInfoResolver = contractResolver<AppInfoForm>(AppInfoBody, appInfoBodyOf);
