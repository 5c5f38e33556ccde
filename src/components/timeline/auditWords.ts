import type { Identifier } from 'react-admin';
import type { AuditSummary } from '../../../contract/audit';

/** An audit entry's own page. */
export const showPath = (id: Identifier) => `/audit/${encodeURIComponent(String(id))}/show`;

/**
 * Who acted: the admin's username. Without one, a request from an address is someone not signed
 * in (a failed sign-in); without either, the system itself (seeding, the CLI).
 */
export const actorLabel = ({ actor, ip }: Pick<AuditSummary, 'actor' | 'ip'>) =>
  actor ?? (ip ? 'not signed in' : 'system');
