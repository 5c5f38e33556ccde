import { toNonNegative } from '../../components/formValues';
import { savedAsNote } from '../../components/savedAsNote';

/**
 * Points and counts from what an input or the API holds: whole numbers of at least 0. Anything
 * that is not a finite number is 0, a negative one is 0, and a fraction is floored.
 */
export const wholeAtLeastZero = (value: unknown): number => Math.floor(toNonNegative(value));

/** What a typed count will be saved as, when that is not what was typed (see savedAsNote). */
export const wholeAtLeastZeroNote = (typed: string): string | undefined =>
  savedAsNote(typed, wholeAtLeastZero(typed), { min: 0 });
