import type { AuditEntry, AuditFacets } from '../../../contract/audit';

let next = 100;

/** An audit entry as GET /admin/audit/{id} answers it; the list answers it without before/after. */
export const anEntry = (overrides: Partial<AuditEntry> = {}): AuditEntry => {
  next += 1;
  return {
    _id: String(next),
    at: '2025-03-01T10:02:03.000Z',
    actorId: '1',
    actor: 'alice',
    action: 'bot.update',
    entity: 'bot',
    entityId: 'bot_b1',
    before: { skill: 50 },
    after: { skill: 70 },
    ip: '203.0.113.9',
    ...overrides,
  };
};

/** A list row: the entry without its change. */
export const summaryOf = ({ before: _before, after: _after, ...summary }: AuditEntry) => summary;

export const FACETS: AuditFacets = {
  actions: ['bot.update', 'settings.update', 'withdrawal.approve'],
  entities: ['bot', 'settings', 'user', 'withdrawal'],
};
