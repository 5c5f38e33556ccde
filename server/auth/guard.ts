import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../audit/audit';
import { forbidden, unauthorized } from '../http/errors';
import { proxySession } from './proxy-sign-in';
import { findSession, type Session } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    session?: Session;
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
  const session = await findSession(request.server.db, token);
  if (!session || session.user.status === 'disabled')
    throw unauthorized('Session expired or revoked');
  request.session = session;
  return session;
}

export async function requireAdmin(request: FastifyRequest): Promise<Session> {
  const session = await requireSession(request);
  if (!session.user.admin_enabled) throw forbidden();
  return session;
}

export function actorOf(request: FastifyRequest): Actor {
  const user = request.session?.user;
  return { id: user?.id ?? null, username: user?.username ?? null, ip: request.ip };
}

/**
 * Every route whose pattern lies under /api/admin requires an admin, checked on the matched
 * route pattern (not the raw URL), so no route can opt out and no URL spelling slips past.
 */
export function installAdminGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const pattern = request.routeOptions.url;
    if (pattern === ADMIN_PREFIX || pattern?.startsWith(`${ADMIN_PREFIX}/`)) {
      await requireAdmin(request);
    }
  });
}
