import type { LegalDocument } from '../../../contract/legal';
import { errorTextOf, fieldErrorsOf, serverErrorText } from '../../apiErrors';
import { isUnexpectedAnswer } from '../../dataProvider';
import { isBlankHtml } from '../../resources/legal/previewContent';
import { EMPTY_DRAFT_WARNING } from './goLive';

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

const isEmptyDocument = ({ contentText, contentHtml }: LegalDocument) =>
  contentText.trim() === '' && isBlankHtml(contentHtml);

export type Outcome =
  | { ok: true; doc: LegalDocument; message: string; empty?: boolean }
  | { ok: false; message: string; fields?: Record<string, string> };

/** An answer without the saved version: its error field, or 'Could not …'. */
function outcomeOfAnswer(action: LegalAction, answer: unknown): Outcome {
  return { ok: false, message: errorTextOf(answer) ?? MESSAGES[action].failed };
}

/**
 * A call that threw (an HTTP error, no connection): the server's error field when it answered
 * one, otherwise 'Error …'. Per-field messages of a refused input come along.
 */
export function outcomeOfError(action: LegalAction, error: unknown): Outcome {
  const fields = fieldErrorsOf(error);
  return {
    ok: false,
    message: serverErrorText(error) ?? MESSAGES[action].error,
    ...(fields && { fields }),
  };
}

const isDraft = (action: LegalAction) => action === 'createDraft' || action === 'saveDraft';

/**
 * The spec's success message; a draft's names its version ('Draft saved: v3') and, saved empty,
 * warns that it is.
 */
function succeeded(action: LegalAction, doc: LegalDocument): Outcome {
  const { success } = MESSAGES[action];
  if (!isDraft(action)) return { ok: true, doc, message: success };
  const message = `${success}: v${doc.version}`;
  return isEmptyDocument(doc)
    ? { ok: true, doc, message: `${message}. ${EMPTY_DRAFT_WARNING}`, empty: true }
    : { ok: true, doc, message };
}

/**
 * Runs a call that resolves with the saved version and says how it went; never rejects. An
 * answer without it (the data provider's UnexpectedAnswer) is 'Could not …'.
 */
export async function outcomeOf(
  action: LegalAction,
  call: () => Promise<LegalDocument>,
): Promise<Outcome> {
  try {
    return succeeded(action, await call());
  } catch (error) {
    if (isUnexpectedAnswer(error)) return outcomeOfAnswer(action, error.answer);
    return outcomeOfError(action, error);
  }
}
