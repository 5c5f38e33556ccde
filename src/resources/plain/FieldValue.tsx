import { ReferenceField, useRecordContext } from 'react-admin';
import { ActiveBadge } from '../../components/ActiveBadge';
import { formatDateTime, formatNumber, formatUsd } from '../../format';
import { formatDay } from './dates';
import type { Field } from './spec';

const orDash = (value: unknown) =>
  value === null || value === undefined || value === '' ? '-' : String(value);

/** A field of the record in context, shown as its kind says (a reference as the record's name). */
export const FieldValue = ({ field }: { field: Field }) => {
  const record = useRecordContext();
  const value = record?.[field.source];
  switch (field.kind) {
    case 'number':
      return formatNumber(value as number | null);
    case 'money':
      return formatUsd(value as number);
    case 'boolean': {
      const [on, off] = field.words ?? ['yes', 'no'];
      return <ActiveBadge active={value === true} on={on} off={off} />;
    }
    case 'date':
      return formatDay(value);
    case 'datetime':
      return formatDateTime(value as string | null);
    case 'select':
      return field.choices?.find((choice) => choice.id === value)?.name ?? orDash(value);
    case 'reference':
      return <ReferenceField source={field.source} reference={field.reference ?? ''} link="show" />;
    default:
      return orDash(value);
  }
};
