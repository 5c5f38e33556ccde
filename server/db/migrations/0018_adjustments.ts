import { type Kysely, sql } from 'kysely';
import { announceChanges, stopAnnouncing } from '../announce-changes';

/**
 * Balance credits waiting for a second admin: a PATCH raising a balance by the payout controls'
 * `secondApprovalFromPoints` or more records one here instead of changing the balance; approving
 * it adds `delta`. The checks hold the rules in the database too: a decided row has its decider
 * and time, an approval is never by the admin who asked, `other` always says what it is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE adjustments (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id text NOT NULL REFERENCES users (user_id),
      delta bigint NOT NULL CHECK (delta > 0),
      reason text NOT NULL CHECK (reason IN (
        'goodwill', 'support_correction', 'contest_prize', 'migration', 'other'
      )),
      note text,
      requested_by bigint NOT NULL REFERENCES users (id),
      requested_at timestamptz NOT NULL DEFAULT now(),
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
      decided_by bigint REFERENCES users (id),
      decided_at timestamptz,
      decision_note text,
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT adjustments_note_check CHECK (reason <> 'other' OR note IS NOT NULL),
      CONSTRAINT adjustments_decided_check CHECK (
        (status = 'pending') = (decided_by IS NULL AND decided_at IS NULL)
      ),
      CONSTRAINT adjustments_four_eyes_check CHECK (
        status <> 'approved' OR decided_by <> requested_by
      )
    )`.execute(db);
  // The list: newest first, by status (pending by default), by player (the user page).
  await sql`CREATE INDEX adjustments_requested_idx ON adjustments (requested_at DESC, id DESC)`.execute(
    db,
  );
  await sql`
    CREATE INDEX adjustments_status_requested_idx
    ON adjustments (status, requested_at DESC, id DESC)`.execute(db);
  await sql`
    CREATE INDEX adjustments_user_requested_idx
    ON adjustments (user_id, requested_at DESC, id DESC)`.execute(db);
  await announceChanges(db, 'adjustments', { resource: 'adjustments' });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await stopAnnouncing(db, 'adjustments');
  await sql`DROP TABLE adjustments`.execute(db);
}
