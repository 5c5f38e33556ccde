import type { TableName } from './tables';

/** How one API field is stored, and the rules its column carries. */
export interface Field<Column extends string = string> {
  column: Column;
  /** The stored value as the API shows it; by default as stored. */
  read?: (stored: unknown) => unknown;
  /** The API's value as it is stored; by default as sent. */
  write?: (value: unknown) => unknown;
  /** A unique index on the column (on `lower(column)` with ignoreCase): 409 when taken. */
  unique?: { index: string; message: string; ignoreCase?: boolean };
  /** The value must be the `_id` of a record of `table`, else 400. */
  references?: { table: TableName; message: string };
}

/** A field stored in the column of the same meaning, maybe with rules. */
export type FieldSpec<Column extends string> = Column | Field<Column>;

export const fieldOf = <C extends string>(spec: FieldSpec<C>): Field<C> =>
  typeof spec === 'string' ? { column: spec } : spec;

/** A `numeric` column: pg answers exact decimal text, the API shows a number. */
export const decimal = <C extends string>(column: C): Field<C> => ({
  column,
  read: (stored) => (stored === null ? null : Number(stored)),
});

/** A `timestamptz` column, shown in ISO 8601 (null stays null). */
export const timestamp = <C extends string>(column: C): Field<C> => ({
  column,
  read: (stored) => (stored instanceof Date ? stored.toISOString() : null),
});

/** A column under a unique index; `ignoreCase` when the index is on its lower-cased value. */
export const unique = <C extends string>(
  column: C,
  index: string,
  message: string,
  { ignoreCase = false } = {},
): Field<C> => ({ column, unique: { index, message, ignoreCase } });

/** A bigint column naming a record of another table, shown as that record's string `_id`. */
export const reference = <C extends string>(
  column: C,
  references: NonNullable<Field['references']>,
): Field<C> => ({
  column,
  read: (stored) => String(stored),
  write: (value) => Number(value),
  references,
});
