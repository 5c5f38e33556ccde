import { type Kysely, sql } from 'kysely';

/**
 * New users per UTC hour, kept by triggers in the writing transaction (as row_counts keeps the
 * status counts), so the dashboard's month reads 720 rows instead of scanning 80,000 users.
 * Exact, never stale: a count changes in the same commit as the users it counts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE user_signups_per_hour (
      hour timestamp PRIMARY KEY,
      n bigint NOT NULL
    )`.execute(db);
  // Hours are UTC wall-clock `timestamp`s, as the dashboard's buckets are. Upserts take the hour
  // rows in one order, so concurrent statements cannot deadlock on them.
  await sql`
    CREATE FUNCTION user_signups_add() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO user_signups_per_hour (hour, n)
      SELECT date_trunc('hour', created_at AT TIME ZONE 'UTC') AS hour, count(*)
      FROM new_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (hour) DO UPDATE SET n = user_signups_per_hour.n + EXCLUDED.n;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION user_signups_remove() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO user_signups_per_hour (hour, n)
      SELECT date_trunc('hour', created_at AT TIME ZONE 'UTC') AS hour, -count(*)
      FROM old_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (hour) DO UPDATE SET n = user_signups_per_hour.n + EXCLUDED.n;
      RETURN NULL;
    END $$`.execute(db);
  // Rare (no code path moves a user's sign-up time), so a row trigger only when it changes.
  await sql`
    CREATE FUNCTION user_signups_move() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE user_signups_per_hour SET n = n - 1
      WHERE hour = date_trunc('hour', OLD.created_at AT TIME ZONE 'UTC');
      INSERT INTO user_signups_per_hour (hour, n)
      VALUES (date_trunc('hour', NEW.created_at AT TIME ZONE 'UTC'), 1)
      ON CONFLICT (hour) DO UPDATE SET n = user_signups_per_hour.n + 1;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION user_signups_clear() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM user_signups_per_hour;
      RETURN NULL;
    END $$`.execute(db);

  // No user may be written between the count and the triggers (other servers may be running).
  // Withdrawals first, as a decision takes them (withdrawal, then its player's refund): the
  // migrations after this one, in the same transaction, build indexes on withdrawals too.
  await sql`LOCK TABLE withdrawals, users IN SHARE ROW EXCLUSIVE MODE`.execute(db);
  await sql`
    INSERT INTO user_signups_per_hour (hour, n)
    SELECT date_trunc('hour', created_at AT TIME ZONE 'UTC'), count(*) FROM users GROUP BY 1`.execute(
    db,
  );
  await sql`
    CREATE TRIGGER user_signups_insert AFTER INSERT ON users
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION user_signups_add()`.execute(db);
  await sql`
    CREATE TRIGGER user_signups_delete AFTER DELETE ON users
    REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION user_signups_remove()`.execute(db);
  await sql`
    CREATE TRIGGER user_signups_update AFTER UPDATE OF created_at ON users
    FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at)
    EXECUTE FUNCTION user_signups_move()`.execute(db);
  await sql`
    CREATE TRIGGER user_signups_truncate AFTER TRUNCATE ON users
    FOR EACH STATEMENT EXECUTE FUNCTION user_signups_clear()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of ['insert', 'delete', 'update', 'truncate']) {
    await sql`DROP TRIGGER ${sql.id(`user_signups_${event}`)} ON users`.execute(db);
  }
  await sql`
    DROP FUNCTION user_signups_add(), user_signups_remove(), user_signups_move(),
                  user_signups_clear()`.execute(db);
  await sql`DROP TABLE user_signups_per_hour`.execute(db);
}
