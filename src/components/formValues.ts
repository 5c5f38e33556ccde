import type { FieldErrors } from '../apiErrors';

/**
 * What a form on a page holds: every input's value as the text the admin typed or picked (a select
 * holds 'true' / 'false', 'points' / 'xp'). The coercions below turn them into the API's types.
 */
export type FormValues = Record<string, string>;

/** A number from a form value; empty, or anything not a finite number, becomes `fallback`. */
export const toNumber = (value: unknown, fallback = 0): number => {
  if (value === null || value === undefined || value === '' || typeof value === 'boolean') {
    return fallback;
  }
  const number = typeof value === 'number' ? value : Number(String(value).trim());
  return Number.isFinite(number) ? number : fallback;
};

/** Like toNumber (fallback 0), floored at 0: negative amounts become 0. */
export const toNonNegative = (value: unknown): number => Math.max(0, toNumber(value));

/**
 * A boolean from a form value: true for true and 'true' (the Active choice), false for anything
 * else. Plain Boolean() would turn the string 'false' into true.
 */
export const toBoolean = (value: unknown): boolean =>
  value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'true');

/** A record's flag as the select's value. */
export const activeValue = (isActive: boolean): string => (isActive ? 'true' : 'false');

/** Empty when nothing failed: what the forms test before sending. */
export const hasErrors = (errors: FieldErrors): boolean => Object.keys(errors).length > 0;
