import { sql } from 'kysely';
import type { Database } from './connect';

/** Runs one step of work and records how long it took under `label`. */
export type Timer = <T>(label: string, work: () => Promise<T>) => Promise<T>;

export const untimed: Timer = (_label, work) => work();

interface Definition {
  name: string;
  definition: string;
}

/**
 * The table's indexes that no constraint uses: not the primary key's, a UNIQUE constraint's or
 * one a foreign key points at (those cannot be dropped, and keep the table's keys checked).
 */
async function looseIndexes(trx: Database, table: string): Promise<Definition[]> {
  const { rows } = await sql<Definition>`
    SELECT i.indexname AS name, i.indexdef AS definition
    FROM pg_indexes i
    WHERE i.schemaname = current_schema() AND i.tablename = ${table}
      AND NOT EXISTS (
        SELECT 1 FROM pg_constraint c
        WHERE c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass
      )
    ORDER BY i.indexname`.execute(trx);
  return rows;
}

async function foreignKeys(trx: Database, table: string): Promise<Definition[]> {
  const { rows } = await sql<Definition>`
    SELECT conname AS name, pg_get_constraintdef(oid) AS definition
    FROM pg_constraint
    WHERE conrelid = format('%I.%I', current_schema(), ${table}::text)::regclass AND contype = 'f'
    ORDER BY conname`.execute(trx);
  return rows;
}

/**
 * Bulk-loads a table the fast way: its loose indexes and its foreign keys are dropped, `load`
 * runs, then the indexes are built again from their own definitions (one sort each instead of
 * a random insert per row) and the foreign keys added back, which checks every row in one join
 * instead of one lookup and row lock per row. Call it in a transaction: a failure anywhere
 * leaves the table as it was, indexes and keys included. Triggers stay on throughout, but the
 * transaction is quiet (`rewards.quiet`): millions of loaded rows are not announced to the live
 * streams, which would be as many ids in thousands of notifications.
 */
export async function bulkLoad(
  trx: Database,
  table: string,
  load: () => Promise<unknown>,
  timed: Timer = untimed,
): Promise<void> {
  await sql`SET LOCAL rewards.quiet = on`.execute(trx);
  const indexes = await looseIndexes(trx, table);
  const keys = await foreignKeys(trx, table);
  for (const key of keys) {
    await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT ${sql.id(key.name)}`.execute(trx);
  }
  for (const index of indexes) await sql`DROP INDEX ${sql.id(index.name)}`.execute(trx);

  await timed(`${table}: insert`, load);
  await timed(`${table}: indexes`, async () => {
    for (const index of indexes) await sql.raw(index.definition).execute(trx);
  });
  if (keys.length === 0) return;
  await timed(`${table}: foreign keys`, async () => {
    for (const key of keys) {
      await sql`
        ALTER TABLE ${sql.table(table)}
        ADD CONSTRAINT ${sql.id(key.name)} ${sql.raw(key.definition)}`.execute(trx);
    }
  });
}
