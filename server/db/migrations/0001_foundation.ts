import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE users (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id text NOT NULL UNIQUE,
      username text NOT NULL CHECK (length(username) BETWEEN 1 AND 64),
      email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
      password_hash text,
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('pending', 'active', 'disabled')),
      balance bigint NOT NULL DEFAULT 0 CHECK (balance >= 0),
      xp bigint NOT NULL DEFAULT 0 CHECK (xp >= 0),
      referred_by text,
      referral_code text NOT NULL UNIQUE,
      admin_enabled boolean NOT NULL DEFAULT false,
      admin_roles text[] NOT NULL DEFAULT '{}',
      admin_permissions text[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // Sign-in matches username or email without regard to case, so uniqueness does too.
  await sql`CREATE UNIQUE INDEX users_username_key ON users (lower(username))`.execute(db);
  await sql`CREATE UNIQUE INDEX users_email_key ON users (lower(email))`.execute(db);
  await sql`CREATE INDEX users_created_at_idx ON users (created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX users_admins_idx ON users (id) WHERE admin_enabled`.execute(db);

  await sql`
    CREATE TABLE sessions (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      token_hash bytea NOT NULL UNIQUE,
      user_id bigint NOT NULL REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      ip text,
      user_agent text
    )`.execute(db);
  await sql`CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE revoked_at IS NULL`.execute(
    db,
  );

  await sql`
    CREATE TABLE audit_log (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      at timestamptz NOT NULL DEFAULT now(),
      actor_id bigint,
      actor text,
      action text NOT NULL,
      entity text NOT NULL,
      entity_id text,
      before jsonb,
      after jsonb,
      ip text
    )`.execute(db);
  await sql`CREATE INDEX audit_log_entity_idx ON audit_log (entity, entity_id, at DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX audit_log_at_idx ON audit_log (at DESC)`.execute(db);
  await sql`
    CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit_log is append-only';
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`.execute(db);
  await sql`
    CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`.execute(db);

  // Failed sign-ins, shared by every server instance, for the per-IP and per-account limits.
  // identifier is a hash of the typed name, never the name itself.
  await sql`
    CREATE TABLE login_failures (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      at timestamptz NOT NULL DEFAULT now(),
      ip text NOT NULL,
      identifier text NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX login_failures_ip_idx ON login_failures (ip, at)`.execute(db);
  await sql`CREATE INDEX login_failures_identifier_idx ON login_failures (identifier, at)`.execute(
    db,
  );
  await sql`CREATE INDEX login_failures_at_idx ON login_failures (at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE login_failures, audit_log, sessions, users`.execute(db);
  await sql`DROP FUNCTION audit_log_append_only()`.execute(db);
}
