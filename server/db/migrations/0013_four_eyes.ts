import { type Kysely, sql } from 'kysely';

/**
 * Four-eyes payouts. The first of two approvals is kept on the withdrawal itself; the final one
 * stays in decided_by/decided_at/admin_note, so a withdrawal approved in one step (every one
 * before this) needs no backfill. `approvals_required` stays NULL until the first approval or
 * the decision fixes it: until then it follows the payout threshold. Nullable columns without a
 * default change no row; the checks and the foreign key read the table once, in one statement.
 *
 * The last check holds the rule in the database too: an approval that needed two has its first
 * approval, by another admin than the one who approved it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE withdrawals
      ADD COLUMN approvals_required smallint CHECK (approvals_required IN (1, 2)),
      ADD COLUMN first_approved_by bigint REFERENCES users (id),
      ADD COLUMN first_approved_at timestamptz,
      ADD COLUMN first_approval_note text,
      ADD COLUMN reason_code text CHECK (reason_code IN (
        'fraud_suspected', 'duplicate_account', 'invalid_destination', 'limit_exceeded', 'other'
      )),
      ADD CONSTRAINT withdrawals_first_approval_check CHECK (
        first_approved_by IS NULL
        OR (approvals_required = 2 AND first_approved_at IS NOT NULL)
      ),
      ADD CONSTRAINT withdrawals_four_eyes_check CHECK (
        status <> 'approved' OR approvals_required IS DISTINCT FROM 2
        OR (first_approved_by IS NOT NULL AND first_approved_by <> decided_by)
      )`.execute(db);
  // 'Awaiting second approval': pending with two required means exactly one given.
  await sql`
    CREATE INDEX withdrawals_awaiting_second_idx ON withdrawals (created_at DESC, id DESC)
    WHERE status = 'pending' AND approvals_required = 2`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX withdrawals_awaiting_second_idx`.execute(db);
  await sql`
    ALTER TABLE withdrawals
      DROP COLUMN approvals_required,
      DROP COLUMN first_approved_by,
      DROP COLUMN first_approved_at,
      DROP COLUMN first_approval_note,
      DROP COLUMN reason_code`.execute(db);
}
