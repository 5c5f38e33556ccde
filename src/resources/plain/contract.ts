import type { FieldValues } from 'react-hook-form';
import type { Field, FormContract } from './spec';

/** Whether the contract refuses the field left empty: absent, null and '' alike. */
export const requiredBy = (contract: FormContract, source: string) => {
  const schema = contract.fields[source];
  return (
    schema !== undefined && [undefined, null, ''].every((empty) => !schema.safeParse(empty).success)
  );
};

/**
 * The request body of a form's values: the contract's fields the spec shows, as the inputs hold
 * them, an emptied text input (react-admin's null) as ''. The contract's own transforms (trim)
 * run on the server.
 */
export const contractBodyOf = (contract: FormContract, fields: readonly Field[]) => {
  const kinds = new Map(fields.map((field) => [field.source, field.kind]));
  return (values: FieldValues): Record<string, unknown> =>
    Object.fromEntries(
      [...kinds]
        .filter(([source]) => source in contract.fields && values[source] !== undefined)
        .map(([source, kind]) => [
          source,
          kind === 'text' && values[source] === null ? '' : values[source],
        ]),
    );
};
