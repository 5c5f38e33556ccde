import type { FieldError, Resolver, ResolverResult } from 'react-hook-form';
import { type PushLocale, type PushSegment, PushSendBody } from '../../../contract/notifications';
import type { FieldErrors } from '../../apiErrors';
import { contractErrors } from '../../forms/contractErrors';

/** The page's texts (spec sections 5 and 8). */
export const MESSAGES = {
  titleRequired: 'Title is required',
  messageRequired: 'Message is required',
  invalidJson: 'Invalid JSON in custom data',
  notAnObject: 'Custom data must be a JSON object',
  noExternalIds: 'Provide at least 1 external_id',
  sent: 'Notification sent!',
  sendFailed: 'Failed to send',
  statusFailed: 'Error loading status',
} as const;

export const LOCALES: readonly PushLocale[] = ['en', 'es'];
export const SEGMENTS: readonly PushSegment[] = [
  'Subscribed Users',
  'Active Users',
  'Inactive Users',
];

export type Target = 'subscribed' | 'segment' | 'external_ids';

export const TARGETS: readonly { value: Target; label: string }[] = [
  { value: 'subscribed', label: 'Subscribed users' },
  { value: 'segment', label: 'Segment' },
  { value: 'external_ids', label: 'External IDs' },
];

/** The send form as typed. */
export interface SendForm {
  locale: PushLocale;
  title: string;
  message: string;
  /** Custom data as JSON text. */
  data: string;
  target: Target;
  segment: PushSegment;
  /** Comma-separated. */
  externalIds: string;
}

export type SendField = keyof SendForm;
export type SendErrors = Partial<Record<SendField, string>>;

/** Spec section 9: locale en, data {}, target subscribed. */
export const NEW_SEND: SendForm = {
  locale: 'en',
  title: '',
  message: '',
  data: '{}',
  target: 'subscribed',
  segment: 'Subscribed Users',
  externalIds: '',
};

/** The ids of a comma-separated list: trimmed, empties dropped. */
export const splitIds = (text: string): string[] =>
  text
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);

type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };
type CustomData = NonNullable<PushSendBody['data']>;

/** The custom data: none when blank; otherwise a JSON object. */
const parseData = (text: string): Parsed<CustomData | undefined> => {
  if (!text.trim()) return { ok: true, value: undefined };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: MESSAGES.invalidJson };
  }
  return value && typeof value === 'object' && !Array.isArray(value)
    ? { ok: true, value: value as CustomData }
    : { ok: false, error: MESSAGES.notAnObject };
};

const targetOf = (form: SendForm) => {
  if (form.target === 'external_ids') return { includeExternalIds: splitIds(form.externalIds) };
  return { includedSegments: [form.target === 'segment' ? form.segment : 'Subscribed Users'] };
};

/**
 * Checks the form (spec section 5) and builds the send: title and message keyed by the chosen
 * locale, the custom data, and the one target. The API's own schema checks the send, so its
 * limits and messages ('Title is required', 'Provide at least 1 external_id') are the form's.
 */
export const buildSend = (
  form: SendForm,
): { ok: true; body: PushSendBody } | { ok: false; errors: SendErrors } => {
  const data = parseData(form.data);
  const body: PushSendBody = {
    headings: { [form.locale]: form.title.trim() },
    contents: { [form.locale]: form.message.trim() },
    ...(data.ok && data.value && { data: data.value }),
    ...targetOf(form),
  };
  const errors = sendErrorsOf(contractErrors(PushSendBody, body));
  if (!data.ok) errors.data = data.error;
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, body };
};

/** Who a send goes to, in words: the segment, or how many external ids. */
export const audienceOf = (form: SendForm): string => {
  if (form.target === 'external_ids') {
    const count = splitIds(form.externalIds).length;
    return count === 1 ? '1 external id' : `${count} external ids`;
  }
  return form.target === 'segment' ? form.segment : 'Subscribed Users';
};

/** The question asked before a send goes out: 'Send "Hi" to Subscribed Users in en?'. */
export const sendQuestion = (form: SendForm): string =>
  `Send "${form.title.trim()}" to ${audienceOf(form)} in ${form.locale}?`;

/** Which input an API message is about ('headings.en' is the Title). */
const INPUT_OF_API_FIELD: [prefix: string, field: SendField][] = [
  ['headings', 'title'],
  ['contents', 'message'],
  ['data', 'data'],
  ['includeExternalIds', 'externalIds'],
  ['includedSegments', 'target'],
];

/** The API's per-field messages of a refused send, on the form's inputs. */
export const sendErrorsOf = (fields: FieldErrors | undefined): SendErrors => {
  const errors: SendErrors = {};
  for (const [name, message] of Object.entries(fields ?? {})) {
    const field = INPUT_OF_API_FIELD.find(([prefix]) => name.split('.')[0] === prefix)?.[1];
    if (field) errors[field] ??= message;
  }
  return errors;
};

/** The form's inputs, in their order on the page (the first in error takes the focus). */
export const SEND_FIELDS = Object.keys(NEW_SEND) as SendField[];

/** A send that passed the checks: its body, and the question asked before it goes out. */
export interface CheckedSend {
  body: PushSendBody;
  question: string;
}

/** The send form's react-hook-form resolver: the checks of `buildSend`, each on its input. */
export const sendResolver: Resolver<SendForm, unknown, CheckedSend> = async (
  form,
): Promise<ResolverResult<SendForm, CheckedSend>> => {
  const built = buildSend(form);
  if (built.ok) return { values: { body: built.body, question: sendQuestion(form) }, errors: {} };
  const errors: Partial<Record<SendField, FieldError>> = {};
  for (const [field, message] of Object.entries(built.errors) as [SendField, string][]) {
    errors[field] = { type: 'check', message };
  }
  return { values: {}, errors };
};
