import { type Kysely, sql } from 'kysely';

const KINDS = [
  ['INSERT', 'created', 'NEW TABLE AS new_rows'],
  ['UPDATE', 'updated', 'NEW TABLE AS new_rows'],
  ['DELETE', 'deleted', 'OLD TABLE AS old_rows'],
] as const;

export interface Announced {
  /** The console's resource name (`promo-codes`), or an SQL expression of a row naming it. */
  resource: string | { sql: string };
  /** The column (or expression) that is the record's id in the console's URLs. */
  id?: string;
}

/**
 * Migrations call this (0014 and each new resource's): what it creates must stay as it is, or a
 * fresh database would differ from one migrated earlier. Change the announcements in a new
 * migration instead.
 *
 * Makes every write to `table` announce itself to live consoles (migration 0014_live_updates
 * has the functions): one event per statement, in the writing transaction, `{"topic":
 * "resource/<resource>", "type": "created"|"updated"|"deleted", "ids": [...]}`.
 */
export async function announceChanges(
  db: Kysely<unknown>,
  table: string,
  { resource, id = 'id' }: Announced,
): Promise<void> {
  const topic = typeof resource === 'string' ? `'${resource.replaceAll("'", "''")}'` : resource.sql;
  for (const [event, kind, transition] of KINDS) {
    const rows = transition.split(' ').at(-1) as string;
    await sql`
      CREATE TRIGGER ${sql.id(`${table}_live_${kind}`)}
      AFTER ${sql.raw(event)} ON ${sql.table(table)}
      REFERENCING ${sql.raw(transition)}
      FOR EACH STATEMENT
      EXECUTE FUNCTION live_announce(${sql.lit(topic)}, ${sql.lit(id)}, ${sql.lit(kind)}, ${sql.lit(rows)})`.execute(
      db,
    );
  }
}

/** Undoes `announceChanges` (a migration's down). */
export async function stopAnnouncing(db: Kysely<unknown>, table: string): Promise<void> {
  for (const [, kind] of KINDS) {
    await sql`DROP TRIGGER ${sql.id(`${table}_live_${kind}`)} ON ${sql.table(table)}`.execute(db);
  }
}
