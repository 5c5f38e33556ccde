import { z } from 'zod';
import { idsParam, onePageOfIds, optionalParam, paging, sortParam } from './lists';
import { text } from './text';

/** One audit row, as GET /admin/audit/{id} answers it: before and after exactly as stored. */
export const AuditEntry = z.object({
  _id: z.string(),
  at: z.string(),
  /** The acting user's internal id; null for the system (seeding, the CLI). */
  actorId: z.string().nullable(),
  /** The acting user's username at the time; null for the system. */
  actor: z.string().nullable(),
  /** e.g. bot.update, withdrawal.approve */
  action: z.string(),
  /** e.g. user, withdrawal, bot, settings */
  entity: z.string(),
  /** The record's id as its URLs name it (a userId, a botId, a withdrawal's _id...). */
  entityId: z.string().nullable(),
  /** The record's name as people know it, where it has one: a user's username. */
  entityName: z.string().nullable().optional(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** A row of the list: the entry without its before and after (a legal text can be long). */
export const AuditSummary = AuditEntry.omit({ before: true, after: true });
export type AuditSummary = z.infer<typeof AuditSummary>;

/**
 * A row of GET /admin/audit. Filtered to one record (`entity` and `entityId`), the rows carry
 * `before` and `after` too: one record's history, as its timeline shows it.
 */
export const AuditListItem = AuditSummary.extend({
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export type AuditListItem = z.infer<typeof AuditListItem>;

/** PostgreSQL takes UTC offsets up to 15:59 either way. */
const OFFSET_HOURS_MAX = 15;
const offsetHours = (value: string) => Number(/[+-](\d\d):\d\d$/.exec(value)?.[1] ?? 0);

/** An ISO 8601 date-time with a time zone, kept as sent (microseconds included). */
const instant = () =>
  z.iso
    .datetime({ offset: true, message: 'must be an ISO date-time with a time zone' })
    .max(40)
    .refine((value) => !value.startsWith('0000'), 'must be after the year 0')
    .refine(
      (value) => offsetHours(value) <= OFFSET_HOURS_MAX,
      'must have a time zone offset between -15:59 and +15:59',
    );

/** A filter value matched whole; blank means no filter. */
const exact = () => optionalParam(text().max(200)).transform((value) => value?.trim() || undefined);

/**
 * GET /admin/audit: newest first unless `sort=at:asc`, 20 a page. Filters match whole values;
 * `actor` is a username, matched without regard to case. `from` is included, `to` is not.
 * Needs `audit:read`, or, filtered to one record (`entity` and `entityId`), the read permission
 * of that record's area (a bot's history with `bots:read`).
 */
export const AuditQuery = z
  .strictObject({
    actor: exact(),
    action: exact(),
    entity: exact(),
    entityId: exact(),
    from: optionalParam(instant()),
    to: optionalParam(instant()),
    ids: idsParam(),
    ...paging(20),
    sort: sortParam(['at'], 'at:desc'),
  })
  .superRefine(({ from, to }, ctx) => {
    if (from && to && Date.parse(from) > Date.parse(to)) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    }
  })
  .transform(onePageOfIds);
export type AuditQuery = z.input<typeof AuditQuery>;

/** GET /admin/audit/facets: the values there are to filter by, in alphabetical order. */
export const AuditFacets = z.object({
  actions: z.array(z.string()),
  entities: z.array(z.string()),
});
export type AuditFacets = z.infer<typeof AuditFacets>;
