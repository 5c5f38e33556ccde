import type { FastifyRequest } from 'fastify';
import { covers, isGrantable } from '../../../contract/permissions';
import { type Actor, audit } from '../../audit/audit';
import { actorOf, permissionsOf, requireAdmin } from '../../auth/guard';
import type { Session } from '../../auth/sessions';
import { heldPermissions } from '../../auth/sso-groups';
import type { GroupMapping } from '../../config';
import type { Database } from '../../db/connect';
import type { UserRow } from '../../db/schema';
import { ApiError } from '../../http/errors';

/** The admin making a change: who to write in the audit row, and their own session. */
export interface Caller {
  actor: Actor;
  session: Session;
  /** Behind the proxy: what sign-on groups give, so that a target's groups count too. */
  groupMapping?: GroupMapping | undefined;
}

export async function callerOf(request: FastifyRequest): Promise<Caller> {
  return {
    actor: actorOf(request),
    session: await requireAdmin(request),
    groupMapping: request.server.proxySignIn?.groups?.permissions,
  };
}

export const isSelf = (caller: Caller, userId: string) => caller.session.user.user_id === userId;

/** The permissions of `target` (its grantable ones) that the caller does not hold. */
export const notHeldBy = (caller: Caller, permissions: readonly string[]) => {
  const held = permissionsOf(caller.session);
  return permissions.filter((name) => isGrantable(name) && !covers(held, name));
};

/**
 * 403 when the caller changes an admin (their profile, password, status, role or permissions)
 * holding a permission the caller does not, stored or from sign-on groups: a narrower admin
 * could otherwise take over, or strip, a wider one.
 */
export function assertMayChange(caller: Caller, target: UserRow): void {
  if (!target.admin_enabled) return;
  const [first] = notHeldBy(caller, heldPermissions(target, caller.groupMapping));
  if (first !== undefined) {
    throw new ApiError(
      403,
      'forbidden',
      `You cannot change an admin who holds ${first}, which you do not hold`,
      undefined,
      undefined,
      { permission: first },
    );
  }
}

export type UserAction =
  | 'user.update'
  | 'user.disable'
  | 'user.password'
  | 'user.two_step_reset'
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
