import type { ColumnType, Generated, Kysely, RawBuilder } from 'kysely';
import type { Database } from '../db/connect';
import type { DB } from '../db/schema';

/** The tables the kit serves: an identity `id` and the two timestamps. */
export type TableName = {
  [K in keyof DB]: DB[K] extends { id: unknown; created_at: unknown; updated_at: unknown }
    ? K
    : never;
}[keyof DB];

export type ColumnOf<T extends TableName> = keyof DB[T] & string;

/** Any such table, as the kit sees it: its other columns are whatever the resource maps. */
interface AnyTable {
  id: Generated<number>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, RawBuilder<Date>>;
  [column: string]: unknown;
}

export interface StoredRow {
  id: number;
  created_at: Date;
  updated_at: Date;
  [column: string]: unknown;
}

/**
 * The database typed for a table named at run time. The kit's callers are typed at its edges
 * (the resource's field map and zod schemas); inside, a row is columns of unknown type.
 */
export const anyTables = (db: Database) => db as unknown as Kysely<Record<string, AnyTable>>;

/** The row whose `column` holds `value`, to read as is or to lock. */
export const rowWhere = (db: Database, table: TableName, column: string, value: unknown) =>
  anyTables(db).selectFrom(table).selectAll().where(column, '=', value).$castTo<StoredRow>();
