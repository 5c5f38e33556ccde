import { toNonNegative } from '../../components/panel/formValues';

/**
 * Points and counts from what an input or the API holds: whole numbers of at least 0. Anything
 * that is not a finite number is 0, a negative one is 0, and a fraction is floored.
 */
export const wholeAtLeastZero = (value: unknown): number => Math.floor(toNonNegative(value));
