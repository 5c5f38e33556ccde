import type { Database } from '../db/connect';

export interface Actor {
  id: number | null;
  username: string | null;
  ip: string | null;
}

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Appends one audit row. Call it with the transaction that makes the change, so the row and
 * the change commit together. Never pass secrets (passwords, tokens, keys) in before/after.
 */
export async function audit(db: Database, actor: Actor, entry: AuditEntry): Promise<void> {
  await auditMany(db, actor, [entry]);
}

/** Appends one audit row per entry in a single insert; same rules as `audit`. */
export async function auditMany(db: Database, actor: Actor, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('audit_log')
    .values(
      entries.map((entry) => ({
        actor_id: actor.id,
        actor: actor.username,
        ip: actor.ip,
        action: entry.action,
        entity: entry.entity,
        entity_id: entry.entityId ?? null,
        before: entry.before === undefined ? undefined : JSON.stringify(entry.before),
        after: entry.after === undefined ? undefined : JSON.stringify(entry.after),
      })),
    )
    .execute();
}

const TAKEN_BACK = Symbol('audit row taken back');

/**
 * Writes the row and takes it back. For a change no transaction can hold (a call to another
 * service): made only once this shows its row can be written, so a log that refuses rows stops
 * the change rather than missing it. The real row, written after the call, carries its outcome.
 */
export async function assertAuditable(
  db: Database,
  actor: Actor,
  entry: AuditEntry,
): Promise<void> {
  try {
    await db.transaction().execute(async (trx) => {
      await audit(trx, actor, entry);
      throw TAKEN_BACK;
    });
  } catch (error) {
    if (error !== TAKEN_BACK) throw error;
  }
}
