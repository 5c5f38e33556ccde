import { type RawBuilder, sql } from 'kysely';

/**
 * A record's `_id` from a URL or a body: a canonical positive integer (no sign, no leading zero,
 * below 2^53). Anything else cannot name a record, so callers answer it as not found.
 */
export function parseId(raw: string): number | null {
  return /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null;
}

/**
 * The condition of a list's `ids`: the key column is one of them, each read by `parse` as the
 * record's URL would be; ids naming no record can match none.
 */
export function keyIn(
  column: string,
  ids: readonly string[],
  parse: (raw: string) => string | number | null,
): RawBuilder<boolean> {
  const keys = ids.map(parse).filter((key) => key !== null);
  return keys.length === 0 ? sql<boolean>`false` : sql<boolean>`${sql.ref(column)} = ANY(${keys})`;
}
