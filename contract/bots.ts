import { z } from 'zod';
import { listQuery, patchOf } from './crud';
import { booleanParam, wholeNumber } from './numbers';
import { text } from './text';

export const SKILL_MIN = 1;
export const SKILL_MAX = 100;
export const SKILL_DEFAULT = 50;
export const MAX_SESSIONS_MIN = 1;
export const MAX_SESSIONS_LIMIT = 1000;
/** The longest botId: any longer names no bot. */
export const BOT_ID_MAX = 64;

export const Bot = z.object({
  _id: z.string(),
  /** Public and stable: the id in URLs and in match history. */
  botId: z.string(),
  nickname: z.string(),
  avatarUrl: z.string().nullable(),
  active: z.boolean(),
  currentSessions: z.number().int(),
  maxSessions: z.number().int(),
  skill: z.number().int(),
  allowedOffers: z.array(z.string()),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Bot = z.infer<typeof Bot>;

export const BOT_SORT_FIELDS = [
  'createdAt',
  'nickname',
  'botId',
  'active',
  'currentSessions',
  'maxSessions',
  'skill',
  'lastUsedAt',
] as const;

/** GET /admin/bots: q over nickname or botId; page size 20, newest first. */
export const BotsQuery = listQuery(BOT_SORT_FIELDS, 'createdAt:desc', 20, {
  active: booleanParam(),
});
export type BotsQuery = z.input<typeof BotsQuery>;

/** GET /admin/bots/summary: busy means currentSessions > 0. */
export const BotSummary = z.object({
  total: z.number().int(),
  active: z.number().int(),
  busy: z.number().int(),
});
export type BotSummary = z.infer<typeof BotSummary>;

const botFields = {
  nickname: text().trim().min(1, 'Nickname is required').max(64, 'must be at most 64 characters'),
  /** '' (or null) clears it; otherwise an http(s) address, since it becomes an image's src. */
  avatarUrl: text()
    .trim()
    .max(2048, 'must be at most 2048 characters')
    .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), 'must be an http(s) URL')
    .nullable()
    .transform((value) => value || null),
  active: z.boolean('must be true or false'),
  maxSessions: wholeNumber(MAX_SESSIONS_MIN, MAX_SESSIONS_LIMIT),
  skill: wholeNumber(SKILL_MIN, SKILL_MAX),
  allowedOffers: z
    .array(text().trim().min(1, 'must not be empty').max(100), 'must be a list of offers')
    .max(100, 'must have at most 100 offers'),
};

/** POST /admin/bots: the new-bot defaults are active, 1 session, skill 50, no offers. */
export const BotCreate = z.strictObject({
  nickname: botFields.nickname,
  avatarUrl: botFields.avatarUrl.optional().transform((value) => value ?? null),
  active: botFields.active.default(true),
  maxSessions: botFields.maxSessions.default(MAX_SESSIONS_MIN),
  skill: botFields.skill.default(SKILL_DEFAULT),
  allowedOffers: botFields.allowedOffers.default([]),
});
export type BotCreate = z.input<typeof BotCreate>;

/** PATCH /admin/bots/{botId}: any subset of the create fields. */
export const BotPatch = patchOf(botFields);
export type BotPatch = z.input<typeof BotPatch>;

/** PATCH /admin/bots/bulk */
export const BotsBulkBody = z.strictObject({
  ids: z.array(text().max(BOT_ID_MAX)).min(1, 'Select at least one row.').max(500),
  active: z.boolean('must be true or false'),
});
export const BotsBulkResponse = z.object({
  ok: z.literal(true),
  /** Bots whose active flag changed. */
  updated: z.number().int(),
  /** Ids that name no bot. */
  notFound: z.array(z.string()),
});
export type BotsBulkResponse = z.infer<typeof BotsBulkResponse>;
