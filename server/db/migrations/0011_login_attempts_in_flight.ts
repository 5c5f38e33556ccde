import { type Kysely, sql } from 'kysely';

/**
 * The sign-in attempt in flight on a slowed account, shared by every server instance: while
 * one waits out the account's delay, another attempt on that account is refused at once, so
 * parallel guesses cannot all wait out the same delay. `until` bounds a claim a crashed
 * instance never released.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE login_attempts_in_flight (
      account text PRIMARY KEY,
      until timestamptz NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE login_attempts_in_flight`.execute(db);
}
