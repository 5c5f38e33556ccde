import type { FieldWords } from '../../components/timeline/changes';
import { formatDateTime, formatNumber, formatUsd } from '../../format';
import { formatDay } from './dates';
import { fieldsOf } from './fields';
import type { AnySpec, Field } from './spec';

/** A field's stored value in words, as its kind shows it; none: the timeline's own words. */
const formatOf = (field: Field): ((value: NonNullable<unknown>) => string) | undefined => {
  switch (field.kind) {
    case 'date':
      return formatDay;
    case 'datetime':
      return (value) => formatDateTime(String(value));
    case 'number':
      return (value) => formatNumber(Number(value));
    case 'money':
      return (value) => formatUsd(Number(value));
    case 'boolean': {
      const words = field.words;
      return words && ((value) => (value === true ? words[0] : words[1]));
    }
    case 'select':
      return (value) => field.choices?.find((choice) => choice.id === value)?.name ?? String(value);
    default:
      return undefined;
  }
};

/** How the spec's fields read in the record's history: their labels, their values in words. */
export const fieldWordsOf = (spec: AnySpec): FieldWords =>
  Object.fromEntries(
    fieldsOf(spec).map((field) => [field.source, { label: field.label, format: formatOf(field) }]),
  );
