import { sql } from 'kysely';
import type { Database } from './connect';

/** Rows of `entity` (users, withdrawals) with this status, or all of them: one indexed read. */
export async function countByStatus(
  db: Database,
  entity: 'users' | 'withdrawals',
  status?: string,
): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT coalesce(sum(n), 0)::bigint AS n FROM row_counts
    WHERE entity = ${entity} AND (${status ?? null}::text IS NULL OR key = ${status ?? null})`.execute(
    db,
  );
  return rows[0]?.n ?? 0;
}
