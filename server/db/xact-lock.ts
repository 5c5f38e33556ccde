import { sql } from 'kysely';
import type { Database } from './connect';

/**
 * Holds the named lock until the transaction ends. It needs no row, so it also guards a
 * read-modify-write of something that may not exist yet (a singleton, a day, a type's versions).
 */
export async function lockName(trx: Database, name: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
}
