import { type Kysely, sql } from 'kysely';

/**
 * Guards of two-step sign-in. A set-up in progress belongs to the session that started it
 * (`two_step_setups`, one per session): another session neither replaces nor turns it on, so
 * the pending secret leaves `two_step_secrets`. Wrong codes are counted per account in
 * `two_step_code_failures` (the cap: 10 in 15 minutes, whatever the address), and the owner's
 * warning about wrong codes after a right password is `two_step_warnings`, one row per account
 * until dismissed or the password changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE two_step_setups (
      session_id bigint PRIMARY KEY REFERENCES sessions (id) ON DELETE CASCADE,
      user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      secret jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX two_step_setups_user_idx ON two_step_setups (user_id)`.execute(db);
  // A set-up in progress has no session to belong to: it is started again.
  await sql`DELETE FROM two_step_secrets WHERE secret IS NULL`.execute(db);
  await sql`ALTER TABLE two_step_secrets DROP COLUMN pending_secret`.execute(db);
  await sql`
    CREATE TABLE two_step_code_failures (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      ip text NOT NULL,
      at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX two_step_code_failures_user_at_idx ON two_step_code_failures (user_id, at)`.execute(
    db,
  );
  await sql`
    CREATE TABLE two_step_warnings (
      user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      first_at timestamptz NOT NULL DEFAULT now(),
      last_at timestamptz NOT NULL DEFAULT now(),
      last_ip text NOT NULL,
      wrong_codes integer NOT NULL DEFAULT 1
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE two_step_warnings, two_step_code_failures, two_step_setups`.execute(db);
  await sql`ALTER TABLE two_step_secrets ADD COLUMN pending_secret jsonb`.execute(db);
}
