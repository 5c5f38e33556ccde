import { fieldLabel } from '../../../contract/labels';
import type { AnySpec, Field } from './spec';

// Apart from spec.ts, which the menu loads with the first screen: the labels come with the
// screens that show fields.

/** The spec's fields, in order, each with its options spelled out. */
export const fieldsOf = (spec: AnySpec): Field[] =>
  Object.entries(spec.fields).flatMap(([source, declared]) => {
    if (!declared) return [];
    const options = typeof declared === 'string' ? { kind: declared } : declared;
    return [{ ...options, source, label: options.label ?? fieldLabel([source]) }];
  });
