import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/connect';

// What a request left in the database, in one query: each table's row count and an md5 of its
// rows in primary-key order. Two fingerprints compare equal only if no row was added, removed
// or changed (outside the columns left out).

export interface TableFingerprint {
  rows: number;
  md5: string;
}

export type Fingerprint = Record<string, TableFingerprint>;

export interface FingerprintOptions {
  /** Tables left out whole. */
  skipTables?: readonly string[];
  /** Per table, columns left out of its checksum. */
  skipColumns?: Readonly<Record<string, readonly string[]>>;
}

/**
 * What a refused request may still write: any request that carries a live session moves that
 * session's `last_seen_at` (at most once a minute), before the route decides anything. The rest
 * of the session row (expiry, revocation) still counts.
 */
export const REFUSED_REQUEST_WRITES: FingerprintOptions = {
  skipColumns: { sessions: ['last_seen_at'] },
};

interface TableInfo {
  name: string;
  key: string[];
}

const queries = new WeakMap<
  Database,
  Map<string, Promise<RawBuilder<{ name: string } & TableFingerprint>>>
>();

async function tablesOf(db: Database): Promise<TableInfo[]> {
  const { rows } = await sql<TableInfo>`
    SELECT c.relname AS name,
      coalesce((SELECT array_agg(a.attname::text ORDER BY k.ord)
        FROM pg_index i
        CROSS JOIN unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
        JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
        WHERE i.indrelid = c.oid AND i.indisprimary), '{}') AS key
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
    ORDER BY c.relname`.execute(db);
  return rows;
}

async function buildQuery(db: Database, options: FingerprintOptions) {
  const tables = (await tablesOf(db)).filter(({ name }) => !options.skipTables?.includes(name));
  const parts = tables.map(({ name, key }) => {
    const skipped = options.skipColumns?.[name] ?? [];
    const row = sql`(to_jsonb(x) - ${sql.val([...skipped])}::text[])::text`;
    // Without a primary key, the row's own text orders it.
    const order =
      key.length > 0
        ? sql.join(key.map((column) => sql.ref(`x.${column}`)))
        : sql`to_jsonb(x)::text`;
    return sql`SELECT ${sql.lit(name)}::text AS name, count(*)::int AS rows,
      md5(coalesce(string_agg(${row}, E'\\n' ORDER BY ${order}), '')) AS md5
      FROM ${sql.table(name)} AS x`;
  });
  return sql<{ name: string } & TableFingerprint>`${sql.join(parts, sql` UNION ALL `)}`;
}

/** Every table of the public schema, but those the options leave out, as it stands now. */
export async function fingerprint(
  db: Database,
  options: FingerprintOptions = {},
): Promise<Fingerprint> {
  let cached = queries.get(db);
  if (!cached) {
    cached = new Map();
    queries.set(db, cached);
  }
  const cacheKey = JSON.stringify(options);
  let query = cached.get(cacheKey);
  if (!query) {
    query = buildQuery(db, options);
    cached.set(cacheKey, query);
  }
  const { rows } = await (await query).execute(db);
  return Object.fromEntries(rows.map(({ name, ...table }) => [name, table]));
}
