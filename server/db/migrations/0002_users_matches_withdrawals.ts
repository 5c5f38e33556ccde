import { type Kysely, sql } from 'kysely';

/**
 * Matches and withdrawals, the bots that play matches, and the indexes the lists need.
 * Substring search runs on trigram indexes over one lower-cased text per row, so
 * `… LIKE '%term%'` stays an index scan at millions of rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);

  await sql`
    CREATE INDEX users_search_idx ON users
    USING gin ((lower(username || ' ' || email || ' ' || user_id)) gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX users_status_created_idx ON users (status, created_at DESC, id DESC)`.execute(
    db,
  );

  await sql`
    CREATE TABLE bots (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      bot_id text NOT NULL UNIQUE,
      nickname text NOT NULL CHECK (length(nickname) BETWEEN 1 AND 64),
      avatar_url text,
      active boolean NOT NULL DEFAULT true,
      current_sessions integer NOT NULL DEFAULT 0 CHECK (current_sessions >= 0),
      max_sessions integer NOT NULL DEFAULT 1 CHECK (max_sessions >= 1),
      skill integer NOT NULL DEFAULT 50 CHECK (skill BETWEEN 1 AND 100),
      allowed_offers text[] NOT NULL DEFAULT '{}',
      last_used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX bots_nickname_key ON bots (lower(nickname))`.execute(db);

  // One row per player per match: the match as that player saw it.
  await sql`
    CREATE TABLE matches (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      match_id text NOT NULL,
      user_id bigint NOT NULL REFERENCES users (id),
      opponent_user_id bigint REFERENCES users (id),
      opponent_bot_id text REFERENCES bots (bot_id),
      game_name text NOT NULL,
      price numeric(12, 2) NOT NULL DEFAULT 0 CHECK (price >= 0),
      reward_amount bigint NOT NULL DEFAULT 0 CHECK (reward_amount >= 0),
      reward_type text NOT NULL CHECK (reward_type IN ('points', 'xp')),
      user_score integer NOT NULL,
      opponent_score integer NOT NULL,
      outcome text NOT NULL CHECK (outcome IN ('win', 'loss', 'draw')),
      started_at timestamptz NOT NULL,
      ended_at timestamptz,
      CHECK (opponent_user_id IS NULL OR opponent_bot_id IS NULL)
    )`.execute(db);
  await sql`CREATE INDEX matches_user_started_idx ON matches (user_id, started_at DESC, id DESC)`.execute(
    db,
  );
  await sql`
    CREATE INDEX matches_user_outcome_idx ON matches (user_id, outcome, started_at DESC, id DESC)`.execute(
    db,
  );

  await sql`
    CREATE TABLE withdrawals (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id text NOT NULL REFERENCES users (user_id),
      type_id text NOT NULL,
      points_spent bigint NOT NULL CHECK (points_spent > 0),
      usd_value numeric(14, 2) NOT NULL CHECK (usd_value >= 0),
      rate_usd_per_point numeric(14, 6) NOT NULL CHECK (rate_usd_per_point >= 0),
      fixed_usd_amount numeric(14, 2) CHECK (fixed_usd_amount >= 0),
      destination text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
      admin_note text,
      decided_at timestamptz,
      decided_by bigint REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX withdrawals_created_idx ON withdrawals (created_at DESC, id DESC)`.execute(
    db,
  );
  await sql`
    CREATE INDEX withdrawals_status_created_idx ON withdrawals (status, created_at DESC, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX withdrawals_user_idx ON withdrawals (user_id)`.execute(db);
  await sql`
    CREATE INDEX withdrawals_search_idx ON withdrawals
    USING gin ((lower(user_id || ' ' || destination || ' ' || type_id)) gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE withdrawals, matches, bots`.execute(db);
  await sql`DROP INDEX users_search_idx, users_status_created_idx`.execute(db);
}
