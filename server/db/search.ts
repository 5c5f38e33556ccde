import { type RawBuilder, sql } from 'kysely';

/**
 * `expression LIKE %term%`, case-insensitive, with the term's own % _ \ taken literally.
 * `expression` must be the lower-cased text a trigram index is built on, so the index serves it.
 */
export function containsText(expression: RawBuilder<string>, term: string): RawBuilder<boolean> {
  const escaped = term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql<boolean>`${expression} LIKE ${`%${escaped}%`}`;
}
