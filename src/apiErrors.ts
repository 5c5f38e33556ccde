/** What a failed API call (react-admin's HttpError from http.ts) tells a screen. */

/** Messages by field name: the API's `fields`, or a form's own checks. */
export type FieldErrors = Record<string, string>;

/** The server's message of a failed call ({error} of the API), or the fallback. */
export const errorMessage = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message ? error.message : fallback;

/** The {error} text of an API answer, if it holds one. */
export const errorTextOf = (body: unknown): string | undefined => {
  const text = (body as { error?: unknown } | null | undefined)?.error;
  return typeof text === 'string' && text ? text : undefined;
};

/** The API's own error text of a failed call ({error} of its body), if it answered one. */
export const serverErrorText = (error: unknown): string | undefined =>
  errorTextOf((error as { body?: unknown } | null | undefined)?.body);

/** The HTTP status of a failed call; undefined for anything else (0 means no answer). */
export const statusOf = (error: unknown): number | undefined => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
};

/** The API's machine code of a failed call ({code: 'stale'}), if it gave one. */
export const codeOf = (error: unknown): string | undefined => {
  const code = (error as { body?: { code?: unknown } | null } | null)?.body?.code;
  return typeof code === 'string' ? code : undefined;
};

/** The API's per-field messages ({fields: {username: '…'}}) of a failed call, if any. */
export const fieldErrorsOf = (error: unknown): FieldErrors | undefined => {
  const body = (error as { body?: { fields?: unknown } | null } | null)?.body;
  const fields = body?.fields;
  if (!fields || typeof fields !== 'object') return undefined;
  const entries = Object.entries(fields).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return entries.length ? Object.fromEntries(entries) : undefined;
};
