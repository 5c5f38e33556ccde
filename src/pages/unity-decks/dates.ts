/** Day keys (the UTC date as YYYY-MM-DD) and the UTC date-time field of the Daily Decks page. */

const DAY_MS = 86_400_000;
const DATE_KEY_FORM = /^\d{4}-\d{2}-\d{2}$/;

/** Today's key: the UTC date, whatever the browser's time zone. */
export const todayKey = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

/** The key `days` days after `key` (before, when negative). */
export const addDays = (key: string, days: number): string =>
  new Date(Date.parse(`${key}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** What is wrong with a typed day: null when it is a real date in YYYY-MM-DD form. */
export const dateKeyProblem = (value: string): string | null => {
  if (!DATE_KEY_FORM.test(value)) return 'Use the YYYY-MM-DD form';
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
    ? null
    : 'Not a real date';
};

/** The most days one list may hold, from and to included (the API's limit). */
export const RANGE_DAYS_MAX = 366;

/**
 * What is wrong with a range of days, by field: nothing (undefined) when the list can load it.
 * The API refuses the same ranges; checking first sends no request bound to fail.
 */
export const rangeProblems = (
  from: string,
  to: string,
): Partial<Record<'from' | 'to', string>> | undefined => {
  const problems: Partial<Record<'from' | 'to', string>> = {};
  const fromProblem = dateKeyProblem(from);
  const toProblem = dateKeyProblem(to);
  if (fromProblem) problems.from = fromProblem;
  if (toProblem) problems.to = toProblem;
  if (fromProblem || toProblem) return problems;
  const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
  if (days < 0) return { to: 'Must not be before From' };
  if (days >= RANGE_DAYS_MAX) return { to: `Must be within ${RANGE_DAYS_MAX} days of From` };
  return undefined;
};

const UTC_INPUT = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2}(\.\d{1,3})?)?$/;

/**
 * A datetime-local field's value, read as UTC: null when empty (no reset time), undefined when it
 * cannot be read.
 */
export const utcInputToIso = (value: string): string | null | undefined => {
  if (!value.trim()) return null;
  const match = UTC_INPUT.exec(value.trim());
  if (!match) return undefined;
  const date = new Date(`${match[1]}T${match[2]}${match[3] ?? ':00'}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
};

/** An ISO timestamp as a datetime-local field shows it, in UTC: seconds only when there are some. */
export const isoToUtcInput = (iso: string | null): string => {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const text = date.toISOString();
  return date.getUTCSeconds() === 0 ? text.slice(0, 16) : text.slice(0, 19);
};
