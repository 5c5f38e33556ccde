import { type Kysely, sql } from 'kysely';

/**
 * Game categories and their offers, withdrawal types, and what the bots list needs.
 * Match history outlives the bots it mentions: a deleted bot's matches keep its botId.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE matches DROP CONSTRAINT matches_opponent_bot_id_fkey`.execute(db);
  await sql`
    CREATE INDEX bots_search_idx ON bots
    USING gin ((lower(nickname || ' ' || bot_id)) gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX bots_created_idx ON bots (created_at DESC, id DESC)`.execute(db);

  await sql`
    CREATE TABLE categories (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      slug text NOT NULL CHECK (length(slug) BETWEEN 1 AND 100),
      is_active boolean NOT NULL DEFAULT true,
      sort_order integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX categories_slug_key ON categories (slug)`.execute(db);
  await sql`CREATE INDEX categories_order_idx ON categories (sort_order, id)`.execute(db);

  await sql`
    CREATE TABLE offers (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      category_id bigint NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      game_name text NOT NULL CHECK (length(game_name) BETWEEN 1 AND 100),
      price numeric(12, 2) NOT NULL DEFAULT 0 CHECK (price >= 0),
      reward_type text NOT NULL DEFAULT 'points' CHECK (reward_type IN ('points', 'xp')),
      reward_amount bigint NOT NULL DEFAULT 0 CHECK (reward_amount >= 0),
      is_active boolean NOT NULL DEFAULT true,
      sort_order integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX offers_category_order_idx ON offers (category_id, sort_order, id)`.execute(
    db,
  );

  await sql`
    CREATE TABLE withdrawal_types (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      key text NOT NULL CHECK (key ~ '^[a-z0-9_]{1,64}$'),
      title text NOT NULL CHECK (length(title) BETWEEN 1 AND 100),
      rate_usd_per_point numeric(14, 6) NOT NULL DEFAULT 0 CHECK (rate_usd_per_point >= 0),
      min_points bigint NOT NULL DEFAULT 1 CHECK (min_points >= 1),
      stock bigint NOT NULL DEFAULT 0 CHECK (stock >= 0),
      is_active boolean NOT NULL DEFAULT true,
      fixed_usd_amount numeric(14, 2) CHECK (fixed_usd_amount >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX withdrawal_types_key_key ON withdrawal_types (key)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE withdrawal_types, offers, categories`.execute(db);
  await sql`DROP INDEX bots_search_idx, bots_created_idx`.execute(db);
  await sql`
    ALTER TABLE matches ADD CONSTRAINT matches_opponent_bot_id_fkey
    FOREIGN KEY (opponent_bot_id) REFERENCES bots (bot_id)`.execute(db);
}
