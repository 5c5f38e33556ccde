import { z } from 'zod';
import { text } from './text';

export const PUSH_LOCALES = ['en', 'es'] as const;
export type PushLocale = (typeof PUSH_LOCALES)[number];

export const PUSH_SEGMENTS = ['Subscribed Users', 'Active Users', 'Inactive Users'] as const;
export type PushSegment = (typeof PUSH_SEGMENTS)[number];

export const TITLE_MAX = 200;
export const MESSAGE_MAX = 2000;
/** The custom data as JSON, in bytes: the provider's own payload limit is a few KB. */
export const DATA_MAX_BYTES = 2048;
export const EXTERNAL_IDS_MAX = 2000;
export const EXTERNAL_ID_MAX = 128;

/** GET /admin/notifications/onesignal: whether a send can go out now, and why not. */
export const PushStatus = z.object({
  enabled: z.boolean(),
  /** The configured App ID; null when none is set. */
  appId: z.string().nullable(),
  /** Why sending is off; null when enabled. */
  error: z.string().nullable(),
});
export type PushStatus = z.infer<typeof PushStatus>;

const byLocale = (item: z.ZodString) =>
  z.strictObject({ en: item.optional(), es: item.optional() });

const byteLength = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/**
 * POST /admin/notifications/send: a title and a message in the same locales (at least one), an
 * optional JSON object of custom data, and exactly one target: segments or external ids.
 */
export const PushSendBody = z
  .strictObject({
    headings: byLocale(
      text()
        .trim()
        .min(1, 'Title is required')
        .max(TITLE_MAX, `must be at most ${TITLE_MAX} characters`),
    ),
    contents: byLocale(
      text()
        .trim()
        .min(1, 'Message is required')
        .max(MESSAGE_MAX, `must be at most ${MESSAGE_MAX} characters`),
    ),
    data: z
      .record(z.string(), z.json())
      .refine(
        (data) => byteLength(data) <= DATA_MAX_BYTES,
        `must be at most ${DATA_MAX_BYTES} bytes as JSON`,
      )
      .optional(),
    includedSegments: z
      .array(z.enum(PUSH_SEGMENTS, 'must be Subscribed Users, Active Users or Inactive Users'))
      .min(1, 'Choose at least one segment')
      .max(PUSH_SEGMENTS.length)
      .refine((list) => new Set(list).size === list.length, 'must not repeat a segment')
      .optional(),
    includeExternalIds: z
      .array(
        text()
          .trim()
          .min(1, 'must not be blank')
          .max(EXTERNAL_ID_MAX, `must be at most ${EXTERNAL_ID_MAX} characters`),
      )
      .min(1, 'Provide at least 1 external_id')
      .max(EXTERNAL_IDS_MAX, `must be at most ${EXTERNAL_IDS_MAX} ids`)
      .optional(),
  })
  .superRefine((body, ctx) => {
    const titled = Object.keys(body.headings).sort().join();
    const worded = Object.keys(body.contents).sort().join();
    if (!titled) ctx.addIssue({ code: 'custom', path: ['headings'], message: 'Title is required' });
    if (!worded)
      ctx.addIssue({ code: 'custom', path: ['contents'], message: 'Message is required' });
    if (titled && worded && titled !== worded) {
      ctx.addIssue({
        code: 'custom',
        path: ['contents'],
        message: 'Give a title and a message in the same languages',
      });
    }
    const targets =
      Number(body.includedSegments !== undefined) + Number(body.includeExternalIds !== undefined);
    if (targets !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['includedSegments'],
        message:
          targets === 0
            ? 'Choose segments or external ids to send to'
            : 'Send to segments or to external ids, not both',
      });
    }
  });
export type PushSendBody = z.input<typeof PushSendBody>;

/**
 * The send's outcome, 200 either way once the provider was asked: `id` of the notification it
 * created, or its error text (a refusal, no answer in time). Nothing asked (push off): 409.
 */
export const PushSendResult = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), id: z.string() }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
export type PushSendResult = z.infer<typeof PushSendResult>;
