import { z } from 'zod';

// Numbers parse to the value the database will hand back (-0 as 0, 0.1 + 0.2 as 0.3), so an
// edit that sends what is stored compares equal to it and changes nothing.

/** A whole number in [min, max]. */
export const wholeNumber = (min: number, max: number) =>
  z
    .number('must be a number')
    .int('must be a whole number')
    .min(min, min === 0 ? 'must be 0 or more' : `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
    .transform((value) => value || 0);

/**
 * A decimal in [min, max] with at most `places` decimals: what a `numeric(p, places)` column
 * stores exactly, so nothing is silently rounded on the way in beyond a double's own error.
 */
export const decimal = (places: number, max: number, min = 0) => {
  const scale = 10 ** places;
  return z
    .number('must be a number')
    .min(min, min === 0 ? 'must be 0 or more' : `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
    .refine(
      (value) => Math.abs(value * scale - Math.round(value * scale)) < 1e-6,
      `must have at most ${places} decimals`,
    )
    .transform((value) => Math.round(value * scale) / scale || 0);
};

/** `?active=true|false` as a boolean; absent or empty means either. */
export const booleanParam = () =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .enum(['true', 'false'], 'must be true or false')
      .optional()
      .transform((value) => (value === undefined ? undefined : value === 'true')),
  );
