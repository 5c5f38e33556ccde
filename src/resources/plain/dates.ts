// The kit's date inputs work in the admin's time zone (the browser's); the API takes and answers
// instants in UTC with an offset ('2026-12-20T21:00:00.000Z'). A `date` field holds the instant
// its day starts in the admin's zone; a `datetime` field the instant to the minute.

const pad = (n: number) => String(n).padStart(2, '0');

const instantOf = (value: unknown): Date | undefined => {
  if (typeof value !== 'string' || value === '') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * An instant as a date input shows it: its day in the admin's zone, 'YYYY-MM-DD'; '' for none.
 * A day stays as it is (react-admin formats the input's value again).
 */
export const toDateInput = (value: unknown): string => {
  if (typeof value === 'string' && DAY.test(value)) return value;
  const date = instantOf(value);
  return date ? `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` : '';
};

/** An instant as a date-time input shows it, in the admin's zone: 'YYYY-MM-DDTHH:mm'; '' for none. */
export const toDateTimeInput = (value: unknown): string => {
  const date = instantOf(value);
  return date ? `${toDateInput(value)}T${pad(date.getHours())}:${pad(date.getMinutes())}` : '';
};

/**
 * What a date or date-time input's value is saved as: the instant it names in the admin's zone,
 * in UTC ('2026-12-20' → the start of that day; '2026-12-20T22:00' → that minute); empty is null.
 */
export const fromDateInput = (typed: unknown): string | null => {
  if (typeof typed !== 'string' || typed.trim() === '') return null;
  // without an offset, `Date` reads a date and time as local; a bare date would be UTC
  const date = new Date(typed.includes('T') ? typed : `${typed}T00:00`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
};

/** A date field's value in words, as the list and the show page say it: '20 Dec 2026'. */
export const formatDay = (value: unknown): string => {
  const date = instantOf(value);
  return date ? date.toLocaleDateString(undefined, { dateStyle: 'medium' }) : '-';
};
