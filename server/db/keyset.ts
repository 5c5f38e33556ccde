import { type RawBuilder, sql } from 'kysely';

/** A sort key for keyset paging: the column (or expression) and its SQL type. */
export interface SortKey {
  expression: RawBuilder<unknown>;
  type: 'timestamptz' | 'text' | 'bigint' | 'numeric';
}

/** Where the previous batch ended: the sort key in its text form, and the row id. */
export interface Cursor {
  key: string;
  id: number;
}

/**
 * The sort key as text, to select beside each row. Text keeps a timestamp's microseconds, which
 * a JS Date would round away (and then rows sharing a millisecond would be skipped).
 */
export const cursorKey = (key: SortKey) => sql<string>`(${key.expression})::text`;

/** Rows strictly after `cursor` in `ORDER BY key <direction>, id <direction>`. */
export function afterCursor(
  key: SortKey,
  id: RawBuilder<unknown>,
  direction: 'asc' | 'desc',
  cursor: Cursor,
): RawBuilder<boolean> {
  const op = sql.raw(direction === 'asc' ? '>' : '<');
  const value = sql`CAST(${cursor.key} AS ${sql.raw(key.type)})`;
  return sql<boolean>`(${key.expression}, ${id}) ${op} (${value}, ${cursor.id})`;
}
