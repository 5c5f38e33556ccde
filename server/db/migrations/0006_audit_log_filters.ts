import { type Kysely, sql } from 'kysely';

/**
 * Indexes for the audit log's filters, newest first within each: who (by lower-cased username,
 * as the filter matches), what action, what kind of record. The id after `at` orders rows that
 * share a time (one transaction's rows do) without a sort. A record's id alone is served by
 * audit_log_entity_idx (entity, entity_id, at): few entities, so the planner skips over them.
 * The actor index carries the column itself too: PostgreSQL counts from an index alone only when
 * the columns under its expressions are in it.
 */
const INDEXES: [name: string, definition: string][] = [
  ['audit_log_actor_at_idx', '(lower(actor)), at DESC, id DESC) INCLUDE (actor'],
  ['audit_log_action_at_idx', 'action, at DESC, id DESC'],
  ['audit_log_entity_at_idx', 'entity, at DESC, id DESC'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, definition] of INDEXES) {
    await sql`CREATE INDEX ${sql.id(name)} ON audit_log (${sql.raw(definition)})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await sql`DROP INDEX ${sql.id(name)}`.execute(db);
}
