import { codeOf, serverErrorText, statusOf } from '../../apiErrors';
import { type Failure, failureTitled } from '../../components/ErrorAlert';

/** A refused change: the message for its field, or what goes above its form. */
export type Refusal = { field: string } | { failure: Failure };

/**
 * What the API's refusal says: a 401 `code` (a wrong code or password) is `fieldMessage` on the
 * field; anything else (429 'Too many attempts…', 409) the server's text above the form, or
 * `fallback` with the network's reason.
 */
export const refusalOf = (
  error: unknown,
  code: string,
  fieldMessage: string,
  fallback: string,
): Refusal => {
  if (statusOf(error) === 401 && codeOf(error) === code) return { field: fieldMessage };
  const text = serverErrorText(error);
  return { failure: text ? { title: text } : failureTitled(fallback)(error) };
};
