import { type Kysely, sql } from 'kysely';

/**
 * One index per sort the users and withdrawals lists offer, each ending in the id the lists
 * order ties by, so a page in any order is a short index walk rather than a sort of every row,
 * and a deep page is counted off the index alone (the lists fetch the rows of the page after).
 * Username and email sorts use the unique lower() indexes the tables already have.
 *
 * The price: an index on balance or xp means a points or XP change can no longer be a HOT
 * update, so each one writes every index of users. Admins sort by balance to review the
 * largest accounts; at 1M users the unindexed sort took seconds.
 */
const INDEXES: [name: string, table: string, definition: string][] = [
  ['users_balance_idx', 'users', 'balance, id'],
  ['users_xp_idx', 'users', 'xp, id'],
  ['users_status_id_idx', 'users', 'status, id'],
  ['withdrawals_points_idx', 'withdrawals', 'points_spent, id'],
  ['withdrawals_usd_idx', 'withdrawals', 'usd_value, id'],
  ['withdrawals_status_id_idx', 'withdrawals', 'status, id'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, definition] of INDEXES) {
    await sql`CREATE INDEX ${sql.id(name)} ON ${sql.table(table)} (${sql.raw(definition)})`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await sql`DROP INDEX ${sql.id(name)}`.execute(db);
}
