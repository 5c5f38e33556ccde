import { z } from 'zod';

/** A whole number in [min, max]. */
export const wholeNumber = (min: number, max: number) =>
  z
    .number('must be a number')
    .int('must be a whole number')
    .min(min, min === 0 ? 'must be 0 or more' : `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

/**
 * A decimal in [0, max] with at most `places` decimals: what a `numeric(p, places)` column stores
 * exactly, so nothing is silently rounded on the way in.
 */
export const decimal = (places: number, max: number) =>
  z
    .number('must be a number')
    .min(0, 'must be 0 or more')
    .max(max, `must be at most ${max}`)
    .refine((value) => {
      const scaled = value * 10 ** places;
      return Math.abs(scaled - Math.round(scaled)) < 1e-6;
    }, `must have at most ${places} decimals`);

/** `?active=true|false` as a boolean; absent or empty means either. */
export const booleanParam = () =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .enum(['true', 'false'], 'must be true or false')
      .optional()
      .transform((value) => (value === undefined ? undefined : value === 'true')),
  );
