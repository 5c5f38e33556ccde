import type { FastifyRequest } from 'fastify';
import { type Actor, audit } from '../../audit/audit';
import { actorOf, requireAdmin } from '../../auth/guard';
import type { Session } from '../../auth/sessions';
import type { Database } from '../../db/connect';

/** The admin making a change: who to write in the audit row, and their own session. */
export interface Caller {
  actor: Actor;
  session: Session;
}

export async function callerOf(request: FastifyRequest): Promise<Caller> {
  return { actor: actorOf(request), session: await requireAdmin(request) };
}

export const isSelf = (caller: Caller, userId: string) => caller.session.user.user_id === userId;

export type UserAction =
  | 'user.update'
  | 'user.disable'
  | 'user.password'
  | 'user.role'
  | 'user.permissions';

/** The one audit row of a user mutation, written in its transaction. */
export function auditUser(
  trx: Database,
  caller: Caller,
  action: UserAction,
  userId: string,
  change: { before?: unknown; after?: unknown },
): Promise<void> {
  return audit(trx, caller.actor, { action, entity: 'user', entityId: userId, ...change });
}
