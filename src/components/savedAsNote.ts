/** The limits a form applies to a number before saving it. */
export interface NumberRule {
  min?: number;
  max?: number;
}

const reasonOf = (typed: unknown, number: number, { min, max }: NumberRule): string => {
  if (typed === null || typed === undefined || (typeof typed === 'string' && !typed.trim())) {
    return 'left empty';
  }
  if (!Number.isFinite(number)) return 'not a number';
  if (min !== undefined && number < min) {
    return min === 0 ? 'values cannot be negative' : `at least ${min}`;
  }
  if (max !== undefined && number > max) return `at most ${max}`;
  return 'whole numbers only';
};

/**
 * Says before saving what a typed number will be saved as when the form's rules change it, and
 * why: 'Saved as 0: values cannot be negative', 'Saved as 2: whole numbers only'. Undefined when
 * `saved` (what the form's own conversion makes of `typed`) is the number typed.
 */
export const savedAsNote = (
  typed: unknown,
  saved: number,
  rule: NumberRule = {},
): string | undefined => {
  const number =
    typeof typed === 'number'
      ? typed
      : typeof typed === 'string' && typed.trim()
        ? Number(typed.trim())
        : Number.NaN;
  return number === saved ? undefined : `Saved as ${saved}: ${reasonOf(typed, number, rule)}`;
};
