import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from './connect';
import { rarestPiece, type TrigramFrequencies } from './trigrams';

/**
 * `expression LIKE %term%`, case-insensitive, with the term's own % _ \ taken literally.
 * `expression` must be the lower-cased text a trigram index is built on, so the index serves it.
 * The term is lower-cased by PostgreSQL's lower(), as the text was (JavaScript's differs on
 * letters such as a final sigma or a dotted capital I); the planner folds it to a constant.
 *
 * A trigram index scan costs in proportion to how many rows hold each of the term's trigrams:
 * in 'player12345' the 'pla', 'lay', 'aye' and 'yer' of every player's name cost far more than
 * the digits that find the row. Given the trigrams' frequencies, the index is asked for the
 * term's rarest piece only (ASCII, which both lower-case alike), and the whole term is then
 * checked on the few rows found.
 */
export function containsText(
  expression: RawBuilder<string>,
  term: string,
  frequencies?: TrigramFrequencies,
): RawBuilder<boolean> {
  const piece = frequencies && rarestPiece(term.toLowerCase(), frequencies);
  if (!piece) {
    const escaped = sql`replace(replace(replace(lower(${term}), '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;
    return sql<boolean>`${expression} LIKE ('%' || ${escaped} || '%')`;
  }
  // strpos, not a second LIKE: the planner would hand a LIKE to the index with all its trigrams.
  return sql<boolean>`${expression} LIKE ${`%${escapeLike(piece)}%`} AND strpos(${expression}, lower(${term})) > 0`;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const REFRESH_MS = 10 * 60_000;
const loaded = new WeakMap<
  Database,
  Map<string, { at: number; value: Promise<TrigramFrequencies> }>
>();

/**
 * How often each common trigram occurs, as ANALYZE last sampled it through a statistics object
 * on `show_trgm(expression)` (see migration 0009). Re-read every ten minutes: a stale figure
 * can only make a search slower, never change what it finds.
 */
export function trigramFrequencies(db: Database, statistics: string): Promise<TrigramFrequencies> {
  const byName = loaded.get(db) ?? new Map();
  loaded.set(db, byName);
  const cached = byName.get(statistics);
  if (cached && Date.now() - cached.at < REFRESH_MS) return cached.value;
  const value = readFrequencies(db, statistics);
  byName.set(statistics, { at: Date.now(), value });
  return value;
}

async function readFrequencies(db: Database, statistics: string): Promise<TrigramFrequencies> {
  try {
    const { rows } = await sql<{ elems: string[] | null; freqs: number[] | null }>`
      SELECT most_common_elems::text::text[] AS elems, most_common_elem_freqs AS freqs
      FROM pg_stats_ext_exprs
      WHERE statistics_schemaname = current_schema() AND statistics_name = ${statistics}`.execute(
      db,
    );
    const { elems, freqs } = rows[0] ?? {};
    // The frequencies list ends with three summary figures after one per element.
    return new Map((elems ?? []).map((trigram, i) => [trigram, freqs?.[i] ?? 0]));
  } catch {
    return new Map(); // no statistics readable: search with the whole term, as without them
  }
}

/** Whether the term is known to be in few rows: a piece of it has only rare trigrams. */
/** The figures a search for `term` needs, read only when there is a term. */
export const frequenciesFor = (
  db: Database,
  statistics: string,
  term: string | undefined,
): Promise<TrigramFrequencies | undefined> =>
  term?.trim() ? trigramFrequencies(db, statistics) : Promise.resolve(undefined);

export const isRare = (term: string, frequencies: TrigramFrequencies | undefined) =>
  frequencies !== undefined && rarestPiece(term.toLowerCase(), frequencies) !== undefined;

/**
 * The same query, its matching rows read first (through the trigram index) and only then
 * ordered and paged: for a term known to be rare (`isRare`). Left to itself, the planner may walk the sort's index instead, testing
 * each row against the term in the hope of finding a page of matches early: for a term in 3
 * rows of a million, that reads all of them. The matches read first are no more than the
 * search's total counts anyway.
 */
export function matchesFirst<D, T extends keyof D & string>(
  db: Database,
  query: SelectQueryBuilder<D, T, object>,
  alias: T,
): SelectQueryBuilder<D, T, object> {
  const fenced = db.with(
    (cte) => cte('matched').materialized(),
    () => query.selectAll(),
  ) as unknown as Database;
  return fenced.selectFrom(sql`matched`.as(alias)) as unknown as SelectQueryBuilder<D, T, object>;
}
