import type { z } from 'zod';
import { KEY_MASK } from '../../../contract/integrations';
import type { PushSendBody, PushSendResult } from '../../../contract/notifications';
import { storable } from '../../../contract/text';
import type { PushCredentials } from '../integrations/push-config';

/** Where sends go: the provider's REST API base URL, and how long to wait for its answer. */
export interface PushApi {
  url: string;
  timeoutMs: number;
}

type Send = z.output<typeof PushSendBody>;

export const PROVIDER_ERRORS = {
  timeout: 'Push provider did not answer in time',
  unreachable: 'Could not reach the push provider',
  nothingCreated: 'The push provider created no notification',
} as const;

const ERROR_MAX = 500;
/** Of the provider's answer, at most this many bytes are read: its errors fit well within. */
const ANSWER_MAX_BYTES = 64 * 1024;

/** The provider's create-notification body: one target (segments or external ids), push only. */
export function providerPayload(credentials: PushCredentials, send: Send) {
  return {
    app_id: credentials.appId,
    target_channel: 'push',
    headings: send.headings,
    contents: send.contents,
    ...(send.data && { data: send.data }),
    ...(send.includedSegments
      ? { included_segments: send.includedSegments }
      : { include_aliases: { external_id: [...new Set(send.includeExternalIds)] } }),
    ...(credentials.androidChannelId && { android_channel_id: credentials.androidChannelId }),
    ...(credentials.iosThreadId && { thread_id: credentials.iosThreadId }),
  };
}

/**
 * The provider's `errors` as one line: a list of messages, or an object of lists (such as
 * `{invalid_aliases: {external_id: [...]}}`).
 */
export function errorsText(errors: unknown, separator = '; '): string {
  if (typeof errors === 'string') return errors;
  if (Array.isArray(errors)) return errors.map((item) => errorsText(item, ', ')).join(separator);
  if (errors && typeof errors === 'object') {
    return Object.entries(errors)
      .map(([name, value]) => `${name}: ${errorsText(value, ', ')}`)
      .join(separator);
  }
  return errors === undefined || errors === null ? '' : String(errors);
}

/** A notification id's length kept, at most. */
const ID_MAX = 128;

/** The provider's words as the send's audit row can keep them (a cut may split a pair). */
const clip = (text: string) =>
  storable(text.length > ERROR_MAX ? `${text.slice(0, ERROR_MAX - 1)}…` : text);

/** The answer's body as text, cut at ANSWER_MAX_BYTES (whatever it claims to be). */
async function boundedText(response: Response): Promise<string> {
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= ANSWER_MAX_BYTES) break;
  }
  return Buffer.concat(chunks).subarray(0, ANSWER_MAX_BYTES).toString('utf8');
}

/** The provider's words with the key, should it echo it, masked. */
const withoutKey = (text: string, apiKey: string) =>
  text.replaceAll(apiKey, `${KEY_MASK}${apiKey.slice(-4)}`);

async function outcomeOf(response: Response, apiKey: string): Promise<PushSendResult> {
  const text = withoutKey(await boundedText(response), apiKey);
  let body: { id?: unknown; errors?: unknown } = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') body = parsed;
  } catch {
    // not JSON: the status says what happened
  }
  // An empty id means nothing was sent, whatever the status (the provider may answer 200).
  // The id becomes the audit row's record id, an indexed column: a provider's ids are UUIDs,
  // and a longer one is cut so the row can always be written.
  if (response.ok && typeof body.id === 'string' && body.id)
    return { ok: true, id: storable(body.id.slice(0, ID_MAX)) };
  const reason = errorsText(body.errors).trim();
  const fallback = response.ok
    ? PROVIDER_ERRORS.nothingCreated
    : `The push provider answered ${response.status}`;
  return { ok: false, error: clip(reason || fallback) };
}

/** POST {url}/notifications with the key; the outcome, never a throw. */
export async function callProvider(
  api: PushApi,
  apiKey: string,
  payload: ReturnType<typeof providerPayload>,
): Promise<PushSendResult> {
  const controller = new AbortController();
  const ask = async (): Promise<PushSendResult> => {
    const response = await fetch(`${api.url}/notifications`, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json; charset=utf-8',
        authorization: `Key ${apiKey}`,
      },
      body: JSON.stringify(payload),
      // The key goes to the configured host only, never to where a redirect points.
      redirect: 'error',
      signal: controller.signal,
    });
    return outcomeOf(response, apiKey);
  };
  // The deadline answers by itself: in CI, an abort once failed to end the read of a body the
  // provider had started and never finished, and the send waited on it for 20 s.
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<PushSendResult>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve({ ok: false, error: PROVIDER_ERRORS.timeout });
    }, api.timeoutMs);
  });
  try {
    return await Promise.race([
      ask().catch(
        (): PushSendResult => ({
          ok: false,
          error: controller.signal.aborted ? PROVIDER_ERRORS.timeout : PROVIDER_ERRORS.unreachable,
        }),
      ),
      deadline,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
