import { activeValue, type FormValues, toBoolean, toNumber } from '../../components/formValues';
import { savedAsNote } from '../../components/savedAsNote';
import { fieldsOf } from './fields';
import type { AnySpec, Field } from './spec';

/**
 * The fields a form on a page edits: what the record holds itself (a reference is the page's
 * choice, e.g. the selected category, and the kit's time inputs live on its own screens).
 */
export const formFieldsOf = (spec: AnySpec): Field[] =>
  fieldsOf(spec).filter(
    (field) => field.kind !== 'reference' && field.kind !== 'date' && field.kind !== 'datetime',
  );

const defaultOf = (spec: AnySpec, field: Field): unknown =>
  (spec.defaults as Record<string, unknown> | undefined)?.[field.source];

const asText = (field: Field, value: unknown): string => {
  if (field.kind === 'boolean') return activeValue(value === true);
  return value === null || value === undefined ? '' : String(value);
};

/** A record's values in the form (`null`: a new record's, from the spec's defaults). */
export const formValuesOf = (spec: AnySpec, record: Record<string, unknown> | null): FormValues =>
  Object.fromEntries(
    formFieldsOf(spec).map((field) => [
      field.source,
      asText(field, record ? record[field.source] : defaultOf(spec, field)),
    ]),
  );

/**
 * What a typed value is saved as: text trimmed; a number read as one (its default, else 0, when
 * it is not one) and floored at `min` when the field says so; a flag a boolean; a choice one of
 * the choices (the first when it is none).
 */
export const savedValueOf = (spec: AnySpec, field: Field, typed: string): unknown => {
  switch (field.kind) {
    case 'number':
    case 'money': {
      const fallback = defaultOf(spec, field);
      const number = toNumber(typed, typeof fallback === 'number' ? fallback : 0);
      return field.floored ? Math.max(field.min ?? 0, number) : number;
    }
    case 'boolean':
      return toBoolean(typed);
    case 'select':
      return field.choices?.some((choice) => choice.id === typed) ? typed : field.choices?.[0]?.id;
    default:
      return typed.trim();
  }
};

/** The body of a create or update: every field the form edits, as it is saved. */
export const bodyOf = (spec: AnySpec, values: FormValues): Record<string, unknown> =>
  Object.fromEntries(
    formFieldsOf(spec).map((field) => [
      field.source,
      savedValueOf(spec, field, values[field.source] ?? ''),
    ]),
  );

/** What a floored field's typed value will be saved as, when that is not what was typed. */
export const savedAsOf = (spec: AnySpec, field: Field) =>
  field.floored
    ? (typed: string) =>
        savedAsNote(typed, savedValueOf(spec, field, typed) as number, { min: field.min })
    : undefined;
