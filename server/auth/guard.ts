import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ANY_ADMIN,
  allows,
  missingPermission,
  type Permission,
  type RouteAccess,
} from '../../contract/permissions';
import { TWO_STEP_REQUIRED } from '../../contract/two-step';
import type { Actor } from '../audit/audit';
import { ApiError, forbidden, unauthorized } from '../http/errors';
import { proxySession } from './proxy-sign-in';
import { findSession, type Session } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    session?: Session;
    /** Let in by `recordHistory` alone: one record's history, without what audit:read adds. */
    recordHistoryOnly?: true;
  }
  interface FastifyContextConfig {
    /** What a route under /api/admin needs: a permission, or any admin. */
    permission?: RouteAccess;
    /**
     * The audit list: a query naming one record (`entity` and `entityId`) also passes with the
     * read permission of that record's area, as whoever may see a record may see its history.
     */
    recordHistory?: true;
    /**
     * Sent by an open page on its own (live stream, presence), not by the admin: the session's
     * idle timeout runs on, so a tab left open does not keep a session alive. Any request says
     * the same with `X-Passive: 1` (the console's, when the admin has been away a minute).
     */
    passive?: true;
  }
}

const ADMIN_PREFIX = '/api/admin';

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * The caller's live session; 401 without one. Disabled users have no live session. Behind a
 * single sign-on proxy the proxy's header is the only way in: tokens are not looked at.
 */
export async function requireSession(request: FastifyRequest): Promise<Session> {
  if (request.session) return request.session;
  const { proxySignIn } = request.server;
  if (proxySignIn) {
    request.session = await proxySession(request, proxySignIn);
    return request.session;
  }
  const token = bearerToken(request);
  if (!token) throw unauthorized();
  const session = await findSession(request.server.db, token, {
    touch: !request.routeOptions.config.passive && request.headers['x-passive'] !== '1',
  });
  if (!session || session.user.status === 'disabled')
    throw unauthorized('Session expired or revoked');
  request.session = session;
  return session;
}

/**
 * REQUIRE_2FA: an admin signed in with a password alone, who has not set up two-step sign-in
 * yet (the sign-on proxy's admins are its identity provider's to check).
 */
export const mustSetUpTwoStep = (app: FastifyInstance, session: Session): boolean =>
  app.requireTwoStep &&
  session.id !== null &&
  session.user.admin_enabled &&
  session.user.two_step_at === null;

/** An admin's session; under REQUIRE_2FA, only once two-step sign-in is set up. */
export async function requireAdmin(request: FastifyRequest): Promise<Session> {
  const session = await requireSession(request);
  if (!session.user.admin_enabled) throw forbidden();
  if (mustSetUpTwoStep(request.server, session)) {
    throw new ApiError(403, 'two_step_required', TWO_STEP_REQUIRED);
  }
  return session;
}

/** What the signed-in user may do now: stored and sign-on group permissions, if an admin. */
export function permissionsOf(session: Session): string[] {
  if (!session.user.admin_enabled) return [];
  const fromGroups = session.groupPermissions.map((p) => p.name);
  return [...new Set([...session.user.admin_permissions, ...fromGroups])];
}

/** 403 `{error: 'Missing permission: x', code: 'forbidden', permission: 'x'}`. */
export const lacking = (permission: Permission) =>
  new ApiError(403, 'forbidden', missingPermission(permission), undefined, undefined, {
    permission,
  });

/** Whether the signed-in admin holds `permission` (or what implies it). */
export async function holds(request: FastifyRequest, permission: Permission): Promise<boolean> {
  return allows(permissionsOf(await requireAdmin(request)), permission);
}

/** The read permission that shows the history of the one record the query names, if it does. */
function recordReadOf(request: FastifyRequest): Permission | undefined {
  const { entity, entityId } = request.query as Record<string, unknown>;
  if (typeof entity !== 'string' || typeof entityId !== 'string' || !entityId.trim()) return;
  const area = request.server.recordAreas.get(entity.trim());
  return area && `${area}:read`;
}

/** 403 (see `lacking`) unless the admin holds `permission` (or the route's alternative). */
async function requirePermission(request: FastifyRequest, permission: Permission) {
  if (await holds(request, permission)) return;
  const recordRead = request.routeOptions.config.recordHistory && recordReadOf(request);
  if (recordRead && (await holds(request, recordRead))) {
    request.recordHistoryOnly = true;
    return;
  }
  throw lacking(permission);
}

const isAdminRoute = (pattern: string | undefined) =>
  pattern === ADMIN_PREFIX || pattern?.startsWith(`${ADMIN_PREFIX}/`);

export function actorOf(request: FastifyRequest): Actor {
  const user = request.session?.user;
  return { id: user?.id ?? null, username: user?.username ?? null, ip: request.ip };
}

/**
 * Every route whose pattern lies under /api/admin requires an admin holding the permission its
 * definition declares, checked on the matched route pattern (not the raw URL), so no route can
 * opt out and no URL spelling slips past. A route that declares none is not registered.
 */
export function installAdminGuard(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (isAdminRoute(route.url) && !route.config?.permission) {
      throw new Error(
        `${String(route.method)} ${route.url} declares no permission (config.permission)`,
      );
    }
  });
  app.addHook('onRequest', async (request) => {
    if (!isAdminRoute(request.routeOptions.url)) return;
    const access = request.routeOptions.config.permission;
    // Never undefined here (see onRoute): a route added before this hook still needs an admin.
    if (access === ANY_ADMIN || access === undefined) await requireAdmin(request);
    else await requirePermission(request, access);
  });
}
