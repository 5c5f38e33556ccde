import { z } from 'zod';
import { idsParam, onePageOfIds, paging } from './lists';
import { text } from './text';

export const LEGAL_TYPES = ['terms', 'privacy'] as const;
export type LegalType = (typeof LEGAL_TYPES)[number];

/** Spec section 9: the versions list shows at most 20. */
export const LEGAL_LIST_LIMIT = 20;

/** contentText, in characters. */
export const LEGAL_CONTENT_MAX = 200_000;
/**
 * contentHtml, in characters, before and after sanitising: lower than the text's, since the
 * server parses the HTML to sanitise it (about a second per 100 KB, blocking other requests).
 */
export const LEGAL_HTML_MAX = 100_000;

const TYPE_MESSAGE = 'must be terms or privacy';
const legalType = z.enum(LEGAL_TYPES, TYPE_MESSAGE);
const upTo = (max: number) => text().max(max, `must be at most ${max} characters`);
const contentText = upTo(LEGAL_CONTENT_MAX);
const contentHtml = upTo(LEGAL_HTML_MAX);

/** A version's facts without its (possibly large) content: what the versions list holds. */
export const LegalVersion = z.object({
  _id: z.string(),
  type: legalType,
  /** Counts up from 1 per type. */
  version: z.number().int(),
  /** At most one version per type is active: the one the player app shows. */
  isActive: z.boolean(),
  /**
   * When the version first went live (published or activated); null for a draft never published.
   * Re-activating a version later keeps this first date.
   */
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LegalVersion = z.infer<typeof LegalVersion>;

/** A whole version. contentHtml is stored sanitised: safe to render as it is. */
export const LegalDocument = LegalVersion.extend({
  contentText: z.string(),
  contentHtml: z.string(),
});
export type LegalDocument = z.infer<typeof LegalDocument>;

/** GET /admin/legal?type=&limit=20: that type's versions (or those `ids` names), newest first. */
export const LegalListQuery = z
  .strictObject({
    type: legalType.optional().describe('Required unless ids names the versions'),
    ids: idsParam(),
    ...paging(LEGAL_LIST_LIMIT),
  })
  .superRefine(({ type, ids }, ctx) => {
    if (!type && !ids) ctx.addIssue({ code: 'custom', path: ['type'], message: TYPE_MESSAGE });
  })
  .transform(onePageOfIds);
export type LegalListQuery = z.input<typeof LegalListQuery>;

/** GET /admin/legal/latest?type=: the newest version of the type, or null when it has none. */
export const LegalLatestQuery = z.strictObject({ type: legalType });

/** POST /admin/legal: a new version, saved as a draft or (isActive true) published at once. */
export const LegalCreate = z.strictObject({
  type: legalType,
  contentText: contentText.default(''),
  contentHtml: contentHtml.default(''),
  isActive: z.boolean('must be true or false').default(false),
});
export type LegalCreate = z.input<typeof LegalCreate>;

/**
 * PATCH /admin/legal/{id}: changes the content of a version and/or publishes it (isActive true).
 * isActive false keeps a draft a draft; the live version answers 409 (code live_version): it
 * stays live until another version is published or activated. Optional If-Match: the updatedAt
 * the edit started from.
 */
export const LegalPatch = z.strictObject({
  contentText: contentText.optional(),
  contentHtml: contentHtml.optional(),
  isActive: z.boolean('must be true or false').optional(),
});
export type LegalPatch = z.input<typeof LegalPatch>;

/** What POST, PATCH and PATCH …/activate answer. */
export const LegalSaved = z.object({ ok: z.literal(true), doc: LegalDocument });
export type LegalSaved = z.infer<typeof LegalSaved>;

/** GET /api/legal/{type} (public, no sign-in): the active version, for the player app. */
export const PublicLegalDocument = z.object({
  type: legalType,
  version: z.number().int(),
  contentText: z.string(),
  contentHtml: z.string(),
  publishedAt: z.string(),
});
export type PublicLegalDocument = z.infer<typeof PublicLegalDocument>;
