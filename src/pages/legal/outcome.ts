import type { LegalDocument } from '../../../contract/legal';

/** What the admin did, each with its messages of spec section 8. */
export type LegalAction = 'createDraft' | 'saveDraft' | 'publish' | 'activate';

export const MESSAGES: Record<LegalAction, { success: string; failed: string; error: string }> = {
  createDraft: {
    success: 'Draft created',
    failed: 'Could not create draft',
    error: 'Error creating draft',
  },
  saveDraft: {
    success: 'Draft saved',
    failed: 'Could not save draft',
    error: 'Error saving draft',
  },
  publish: { success: 'Published', failed: 'Could not publish', error: 'Error publishing' },
  activate: {
    success: 'Activated this version',
    failed: 'Could not activate',
    error: 'Error activating version',
  },
};

export type Outcome =
  | { ok: true; doc: LegalDocument; message: string }
  | { ok: false; message: string; fields?: Record<string, string> };

const errorField = (body: unknown): string | undefined => {
  const error = (body as { error?: unknown } | null | undefined)?.error;
  return typeof error === 'string' && error ? error : undefined;
};

const fieldsOf = (body: unknown): Record<string, string> | undefined => {
  const fields = (body as { fields?: unknown } | null | undefined)?.fields;
  if (!fields || typeof fields !== 'object') return undefined;
  const entries = Object.entries(fields).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return entries.length ? Object.fromEntries(entries) : undefined;
};

/**
 * An answer: success with the saved version when it says ok, otherwise its error field or
 * 'Could not …'.
 */
export function outcomeOfAnswer(action: LegalAction, answer: unknown): Outcome {
  const { ok, doc } = (answer ?? {}) as { ok?: unknown; doc?: LegalDocument };
  if (ok === true && doc) return { ok: true, doc, message: MESSAGES[action].success };
  return { ok: false, message: errorField(answer) ?? MESSAGES[action].failed };
}

/**
 * A call that threw (an HTTP error, no connection): the server's error field when it answered
 * one, otherwise 'Error …'. Per-field messages of a refused input come along.
 */
export function outcomeOfError(action: LegalAction, error: unknown): Outcome {
  const body = (error as { body?: unknown } | null)?.body;
  const fields = fieldsOf(body);
  return {
    ok: false,
    message: errorField(body) ?? MESSAGES[action].error,
    ...(fields && { fields }),
  };
}

/** Runs a call and says how it went; never rejects. */
export async function outcomeOf(action: LegalAction, call: () => Promise<unknown>) {
  try {
    return outcomeOfAnswer(action, await call());
  } catch (error) {
    return outcomeOfError(action, error);
  }
}
