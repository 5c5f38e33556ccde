import { type Kysely, sql } from 'kysely';

/**
 * Two-step sign-in (TOTP). `users.two_step_at` says whether it is on in the row every session
 * lookup reads already, so enforcing REQUIRE_2FA costs no query. The secret itself lives apart,
 * sealed with the secrets key: the one in force, and the one being set up until a code confirms
 * it. `last_step` is the newest 30-second step a code was accepted for: a code is good once.
 * Recovery codes are kept as SHA-256 hashes (80 random bits each: no guessing them back).
 * A challenge is the sign-in between a right password and its code: hashed, 5 minutes, once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN two_step_at timestamptz`.execute(db);
  await sql`
    CREATE TABLE two_step_secrets (
      user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      secret jsonb,
      pending_secret jsonb,
      last_step bigint,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE recovery_codes (
      user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      code_hash bytea NOT NULL,
      used_at timestamptz,
      PRIMARY KEY (user_id, code_hash)
    )`.execute(db);
  await sql`
    CREATE TABLE sign_in_challenges (
      id bigserial PRIMARY KEY,
      token_hash bytea NOT NULL UNIQUE,
      user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX sign_in_challenges_expires_idx ON sign_in_challenges (expires_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE sign_in_challenges, recovery_codes, two_step_secrets`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN two_step_at`.execute(db);
}
