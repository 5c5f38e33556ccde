import { type Kysely, sql } from 'kysely';

/**
 * How common each trigram of the searched text is: ANALYZE samples it through these statistics
 * objects, and searches read it to ask the trigram index for the rarest piece of a term
 * (server/db/search.ts). The expressions are those of users_search_idx and withdrawals_search_idx.
 */
const NAMES = ['users_search_trigrams', 'withdrawals_search_trigrams'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE STATISTICS users_search_trigrams
    ON (show_trgm(lower(username || ' ' || email || ' ' || user_id))) FROM users`.execute(db);
  await sql`
    CREATE STATISTICS withdrawals_search_trigrams
    ON (show_trgm(lower(user_id || ' ' || destination || ' ' || type_id))) FROM withdrawals`.execute(
    db,
  );
  // A sample of the rows (a few seconds at millions), so searches benefit before autovacuum's
  // next ANALYZE, which a table that rarely changes may not get for a long time.
  await sql`ANALYZE users, withdrawals`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of NAMES) {
    await sql`DROP STATISTICS ${sql.id(name)}`.execute(db);
  }
}
