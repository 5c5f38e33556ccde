import { type Expression, sql } from 'kysely';
import type { Database } from '../../db/connect';

/**
 * The payout threshold (USD) from which a withdrawal needs two approvals; NULL while four-eyes is
 * off. Uncorrelated, so a list reads it once per statement (an InitPlan), not once per row.
 */
export const THRESHOLD_USD = sql<string | null>`(
  SELECT (value->>'secondApprovalFromUsd')::numeric FROM settings WHERE key = 'payouts')`;

/** The threshold now, as numeric text (exact), or null while four-eyes is off. */
export async function readThreshold(db: Database): Promise<string | null> {
  const { rows } = await sql<{ usd: string | null }>`SELECT ${THRESHOLD_USD} AS usd`.execute(db);
  return rows[0]?.usd ?? null;
}

/**
 * How many approvals withdrawal `w` needs: as fixed by its first approval or its decision, else
 * 2 while it is pending at or above `threshold` (NULL: never), else 1.
 */
export const approvalsRequired = (threshold: Expression<string | null> | string | null) =>
  sql<number>`coalesce(w.approvals_required,
    CASE WHEN w.status = 'pending' AND w.usd_value >= ${threshold}::numeric THEN 2 ELSE 1 END)`;
