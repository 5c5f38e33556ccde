import type { Selectable } from 'kysely';
import type { AuditEntry, AuditSummary } from '../../../contract/audit';
import type { AuditLogTable } from '../../db/schema';

export type AuditRow = Selectable<AuditLogTable>;
export type AuditSummaryRow = Omit<AuditRow, 'before' | 'after'>;

/** A list row: who did what to which record, when and from where. */
export function presentAuditSummary(row: AuditSummaryRow): AuditSummary {
  return {
    _id: String(row.id),
    at: row.at.toISOString(),
    actorId: row.actor_id === null ? null : String(row.actor_id),
    actor: row.actor,
    action: row.action,
    entity: row.entity,
    entityId: row.entity_id,
    ip: row.ip,
  };
}

/** The whole row; before and after are the stored JSON, untouched. */
export const presentAuditEntry = (row: AuditRow): AuditEntry => ({
  ...presentAuditSummary(row),
  before: row.before,
  after: row.after,
});
