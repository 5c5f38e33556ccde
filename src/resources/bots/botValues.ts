import {
  BotCreate,
  MAX_SESSIONS_MIN,
  SKILL_DEFAULT,
  SKILL_MAX,
  SKILL_MIN,
} from '../../../contract/bots';
import { codeOf, type FieldErrors, fieldErrorsOf, statusOf } from '../../apiErrors';
import { contractResolver } from '../../forms/contractErrors';
import { MESSAGES } from './bot';

/** Spec section 9. */
export { MAX_SESSIONS_MIN, SKILL_DEFAULT, SKILL_MAX, SKILL_MIN };

/** What the form holds: allowed offers as the comma-separated text (an array until edited). */
export interface BotFormValues {
  nickname?: unknown;
  avatarUrl?: unknown;
  active?: unknown;
  maxSessions?: unknown;
  skill?: unknown;
  allowedOffers?: unknown;
}

/** The body of POST /admin/bots, and what PATCH compares field by field. */
export type BotPayload = Required<BotCreate>;

/** New-bot defaults (spec section 5): active yes, max sessions 1, skill 50. */
export const NEW_BOT_VALUES = {
  nickname: '',
  avatarUrl: '',
  active: true,
  maxSessions: MAX_SESSIONS_MIN,
  skill: SKILL_DEFAULT,
  allowedOffers: '',
} as const satisfies BotFormValues;

const trimmed = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** A finite number from a form value; undefined for empty or anything that is not a number. */
const numberOf = (value: unknown): number | undefined => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
};

/** At least 1; smaller or invalid becomes 1. Fractions are dropped (the API wants whole numbers). */
export const normaliseMaxSessions = (value: unknown): number => {
  const number = numberOf(value);
  return number === undefined ? MAX_SESSIONS_MIN : Math.max(MAX_SESSIONS_MIN, Math.trunc(number));
};

/** Clamped to 1-100; invalid becomes 50. */
export const normaliseSkill = (value: unknown): number => {
  const number = numberOf(value);
  return number === undefined
    ? SKILL_DEFAULT
    : Math.min(SKILL_MAX, Math.max(SKILL_MIN, Math.trunc(number)));
};

/**
 * Split on commas, trimmed, empties dropped. A list not edited in the form is still the loaded
 * array: its items are only trimmed, so an untouched list compares equal and is not sent.
 */
export const splitOffers = (value: unknown): string[] => {
  const parts = Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : typeof value === 'string'
      ? value.split(',')
      : [];
  return parts.map((part) => part.trim()).filter((part) => part !== '');
};

/** The offers as the form's text: 'solitaire, bingo'. */
export const formatOffers = (value: unknown): string =>
  Array.isArray(value) ? value.join(', ') : typeof value === 'string' ? value : '';

/**
 * The form's values as the API wants them (spec section 5): nickname and avatar URL trimmed
 * (an empty avatar URL is null, "no avatar"), numbers clamped, offers split.
 */
export const toBotPayload = (values: BotFormValues): BotPayload => ({
  nickname: trimmed(values.nickname),
  avatarUrl: trimmed(values.avatarUrl) || null,
  active: values.active === true,
  maxSessions: normaliseMaxSessions(values.maxSessions),
  skill: normaliseSkill(values.skill),
  allowedOffers: splitOffers(values.allowedOffers),
});

/**
 * The form's checks: the API's own (contract/bots) on the values as they will be sent, so a
 * nickname of spaces is 'Nickname is required' and a bad avatar URL is refused before a save.
 */
export const botResolver = contractResolver<BotFormValues>(BotCreate, toBotPayload);

/**
 * The API names a bad list item by its path ('allowedOffers.2'): its message goes on the input
 * that holds the whole list. The first message of an input wins.
 */
const byInput = (fields: FieldErrors | undefined) => {
  if (!fields) return undefined;
  const folded: FieldErrors = {};
  for (const [path, message] of Object.entries(fields)) {
    const input = path.split('.')[0] ?? path;
    folded[input] ??= message;
  }
  return folded;
};

export interface SaveError {
  /** The notification. */
  message: string;
  /** Messages to show on the inputs, by field name. */
  fields?: FieldErrors;
}

/**
 * What a failed save tells the admin: a 409 is the duplicate nickname (spec section 8), except
 * the edit's "changed by someone else meanwhile", whose own message says to reload; anything
 * else is 'Error saving bot', with the API's per-field messages (a 400) on their inputs.
 */
export const saveErrorOf = (error: unknown): SaveError => {
  const fields = byInput(fieldErrorsOf(error));
  if (statusOf(error) === 409 && codeOf(error) === 'stale' && error instanceof Error) {
    return { message: error.message || MESSAGES.saveError, fields };
  }
  if (statusOf(error) === 409) {
    return {
      message: MESSAGES.nicknameTaken,
      fields: { ...fields, nickname: MESSAGES.nicknameTaken },
    };
  }
  return { message: MESSAGES.saveError, fields };
};
