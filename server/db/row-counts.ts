import { sql } from 'kysely';
import type { Database } from './connect';

export type Counted = 'users' | 'withdrawals';

/** The count below as a scalar subquery, for a statement that reads several figures at once. */
export const keptCount = (entity: Counted, status?: string) => sql<number>`(
  SELECT coalesce(sum(n), 0)::bigint FROM row_counts
  WHERE entity = ${entity} AND (${status ?? null}::text IS NULL OR key = ${status ?? null}))`;

/** Rows of `entity` (users, withdrawals) with this status, or all of them: one indexed read. */
export async function countByStatus(
  db: Database,
  entity: Counted,
  status?: string,
): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT ${keptCount(entity, status)} AS n`.execute(db);
  return rows[0]?.n ?? 0;
}
