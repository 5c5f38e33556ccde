import { type Kysely, sql } from 'kysely';

/**
 * Exact row counts per status for users and withdrawals, kept by statement-level triggers, so
 * list totals and the dashboard's figures read one row instead of counting a million.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE row_counts (
      entity text NOT NULL,
      key text NOT NULL,
      n bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (entity, key)
    )`.execute(db);
  await sql`
    CREATE FUNCTION row_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO row_counts (entity, key, n)
      SELECT TG_TABLE_NAME, status, count(*) FROM new_rows GROUP BY status ORDER BY status
      ON CONFLICT (entity, key) DO UPDATE SET n = row_counts.n + EXCLUDED.n;
      RETURN NULL;
    END $$`.execute(db);
  // Same ordered upsert as the others, so concurrent statements take counter rows in one order.
  await sql`
    CREATE FUNCTION row_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO row_counts (entity, key, n)
      SELECT TG_TABLE_NAME, status, -count(*) FROM old_rows GROUP BY status ORDER BY status
      ON CONFLICT (entity, key) DO UPDATE SET n = row_counts.n + EXCLUDED.n;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION row_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM row_counts WHERE entity = TG_TABLE_NAME;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION row_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO row_counts (entity, key, n)
      SELECT TG_TABLE_NAME, status, sum(d) FROM (
        SELECT status, 1 AS d FROM new_rows
        UNION ALL
        SELECT status, -1 AS d FROM old_rows
      ) changes GROUP BY status HAVING sum(d) <> 0 ORDER BY status
      ON CONFLICT (entity, key) DO UPDATE SET n = row_counts.n + EXCLUDED.n;
      RETURN NULL;
    END $$`.execute(db);

  for (const table of ['users', 'withdrawals']) {
    // No row may be written between the count and the triggers (other servers may be running).
    await sql`LOCK TABLE ${sql.table(table)} IN SHARE ROW EXCLUSIVE MODE`.execute(db);
    await sql`
      INSERT INTO row_counts (entity, key, n)
      SELECT ${table}, status, count(*) FROM ${sql.table(table)} GROUP BY status`.execute(db);
    await sql`
      CREATE TRIGGER ${sql.id(`${table}_count_insert`)} AFTER INSERT ON ${sql.table(table)}
      REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add()`.execute(db);
    await sql`
      CREATE TRIGGER ${sql.id(`${table}_count_delete`)} AFTER DELETE ON ${sql.table(table)}
      REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION row_counts_remove()`.execute(db);
    await sql`
      CREATE TRIGGER ${sql.id(`${table}_count_update`)} AFTER UPDATE ON ${sql.table(table)}
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION row_counts_move()`.execute(db);
    await sql`
      CREATE TRIGGER ${sql.id(`${table}_count_truncate`)} AFTER TRUNCATE ON ${sql.table(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION row_counts_clear()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['users', 'withdrawals']) {
    for (const event of ['insert', 'delete', 'update', 'truncate']) {
      await sql`DROP TRIGGER ${sql.id(`${table}_count_${event}`)} ON ${sql.table(table)}`.execute(
        db,
      );
    }
  }
  await sql`
    DROP FUNCTION row_counts_add(), row_counts_remove(), row_counts_move(), row_counts_clear()`.execute(
    db,
  );
  await sql`DROP TABLE row_counts`.execute(db);
}
