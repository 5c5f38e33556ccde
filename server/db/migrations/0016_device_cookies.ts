import { type Kysely, sql } from 'kysely';

/**
 * Device cookies (OWASP's answer to lock-out by guessing): a browser that signed in to an
 * account with its password is known by a random cookie, kept here only as a SHA-256 hash. Its
 * sign-ins skip the account's slowdown and answer to a limit of its own (`device_failures`).
 * A new password forgets every device of the account: a cookie earned with the old one must
 * not keep its privilege, whichever route changed it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE device_cookies (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      token_hash bytea NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX device_cookies_user_idx ON device_cookies (user_id, created_at)`.execute(
    db,
  );
  await sql`
    CREATE TABLE device_failures (
      device_id bigint NOT NULL REFERENCES device_cookies (id) ON DELETE CASCADE,
      at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX device_failures_device_idx ON device_failures (device_id, at)`.execute(db);
  await sql`
    CREATE FUNCTION forget_devices_on_new_password() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM device_cookies WHERE user_id = NEW.id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER users_forget_devices
    AFTER UPDATE OF password_hash ON users
    FOR EACH ROW WHEN (OLD.password_hash IS DISTINCT FROM NEW.password_hash)
    EXECUTE FUNCTION forget_devices_on_new_password()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER users_forget_devices ON users`.execute(db);
  await sql`DROP FUNCTION forget_devices_on_new_password()`.execute(db);
  await sql`DROP TABLE device_failures, device_cookies`.execute(db);
}
