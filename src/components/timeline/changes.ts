import { fieldLabel } from '../../../contract/labels';

/** One field an entry changed, as the timeline says it: 'Skill: 50 → 70'. */
export interface FieldChange {
  field: string;
  text: string;
}

/**
 * How a record's fields read, where its page knows better than the API's field names: a label
 * ('Status'), and a value in words ('20 Dec 2026, 17:00' for an instant, 'Active' for true).
 */
export type FieldWords = Record<
  string,
  { label?: string; format?: (value: NonNullable<unknown>) => string }
>;

/** Past this, a value is cut short (the audit entry's page shows it whole). */
export const VALUE_MAX = 60;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const shorten = (text: string) =>
  text.length > VALUE_MAX ? `${text.slice(0, VALUE_MAX - 1).trimEnd()}…` : text;

/** A stored value in words: 'none', '(empty)', yes/no, a list joined, long text cut short. */
export const formatValue = (value: unknown): string => {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') {
    const text = value.replace(/\s+/g, ' ').trim();
    return text === '' ? '(empty)' : shorten(text);
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return '(empty)';
    const flat = value.every((item) => item === null || typeof item !== 'object');
    return shorten(flat ? value.map(formatValue).join(', ') : JSON.stringify(value));
  }
  if (typeof value === 'object') return shorten(JSON.stringify(value));
  return String(value);
};

/** A side of a change as fields: an object as is, nothing as none, anything else as `value`. */
const fieldsOf = (side: unknown): Record<string, unknown> => {
  if (isPlainObject(side)) return side;
  return side === null || side === undefined ? {} : { value: side };
};

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields whose value differs between before and after, in the order after names them, each
 * by its label ('Approvals required', not `approvalsRequired`): 'Field: before → after'; a field
 * only after is 'set to …' (unless set to nothing), one only before is 'removed (was …)'.
 * `omit` leaves out fields the entry already says in words; `words` says how fields read.
 */
export const changedFields = (
  before: unknown,
  after: unknown,
  omit: readonly string[] = [],
  words: FieldWords = {},
): FieldChange[] => {
  const was = fieldsOf(before);
  const now = fieldsOf(after);
  const fields = [...new Set([...Object.keys(now), ...Object.keys(was)])];
  const changes: FieldChange[] = [];
  for (const field of fields) {
    if (omit.includes(field)) continue;
    const label = words[field]?.label ?? fieldLabel([field]);
    const { format } = words[field] ?? {};
    const show = (value: unknown) =>
      format && value !== null && value !== undefined ? format(value) : formatValue(value);
    const inBefore = field in was;
    const inAfter = field in now;
    if (inBefore && inAfter) {
      if (!same(was[field], now[field])) {
        changes.push({
          field,
          text: `${label}: ${show(was[field])} → ${show(now[field])}`,
        });
      }
    } else if (inAfter) {
      const value = now[field];
      if (value !== null && value !== undefined) {
        changes.push({ field, text: `${label}: set to ${show(value)}` });
      }
    } else {
      changes.push({ field, text: `${label}: removed (was ${show(was[field])})` });
    }
  }
  return changes;
};
