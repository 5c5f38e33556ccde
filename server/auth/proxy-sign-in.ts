import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AuthSettings, GroupMapping } from '../config';
import type { UserRow } from '../db/schema';
import { ApiError, forbidden, unauthorized } from '../http/errors';
import { addressMatcher } from '../net/addresses';
import type { Session } from './sessions';
import { groupPermissionsOf, groupsOf, sameGroups } from './sso-groups';

/** Sign-in by a single sign-on proxy: which header names the user, and which peers may set it. */
export interface ProxySignIn {
  /** Lower-cased, as Node names incoming headers. */
  header: string;
  isProxy(address: string | undefined): boolean;
  /** The header naming the user's sign-on groups (lower-cased), and what each group gives. */
  groups?: { header: string; permissions: GroupMapping };
}

export function proxySignInOf(auth: AuthSettings | undefined): ProxySignIn | null {
  if (auth?.mode !== 'proxy') return null;
  return {
    header: auth.header.toLowerCase(),
    isProxy: addressMatcher(auth.proxies),
    ...(auth.groups && {
      groups: { header: auth.groups.header.toLowerCase(), permissions: auth.groups.permissions },
    }),
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

// One address, as the proxy sets it; a list (the header sent twice) names nobody.
const EMAIL = /^[^\s@,]{1,200}@[^\s@,]{1,120}$/;

/**
 * The browser's Sec-Fetch-Site tells where a request comes from. A browser too old to send it
 * sends Origin (or at least Referer), compared with the host it asked for (the forwarded one
 * behind a trusted proxy). A request with none of them was not sent by a browser's form.
 */
function fromAnotherSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site) return site === 'cross-site' || site === 'same-site';
  const source = request.headers.origin ?? request.headers.referer;
  if (source === undefined) return false;
  try {
    return new URL(source).host !== request.host.toLowerCase();
  } catch {
    return true; // `Origin: null`: a sandboxed or redirected page, never the console's own
  }
}

/**
 * The user the proxy vouches for. Only the connection's own peer counts, never X-Forwarded-For:
 * a client could write any address there, and the header from anyone but the proxy is ignored.
 * No signed-in user without the header (401); an email with no account, a disabled one or one
 * without admin access, 403, on every route, /auth/me included.
 *
 * The proxy knows its user by a cookie, which a browser also sends with a form another site
 * posts here: a change asked from another site is refused.
 */
export async function proxySession(request: FastifyRequest, proxy: ProxySignIn): Promise<Session> {
  if (!SAFE_METHODS.has(request.method) && fromAnotherSite(request)) {
    throw new ApiError(403, 'cross_site', 'Changes cannot be asked for from another site');
  }
  const fromProxy = proxy.isProxy(request.raw.socket.remoteAddress);
  const value = fromProxy ? request.headers[proxy.header] : undefined;
  const email = typeof value === 'string' ? value.trim() : '';
  if (!email) throw unauthorized('Sign in through the single sign-on proxy');
  if (!EMAIL.test(email)) throw forbidden('The sign-on proxy sent no usable email address');
  const user = await request.server.db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', sql<string>`lower(${email})`)
    .executeTakeFirst();
  if (!user || user.status === 'disabled') throw forbidden('No active account has this email');
  // The proxy may sign in anyone of the organisation: only admins get anything here.
  if (!user.admin_enabled) throw forbidden();
  if (!proxy.groups) return { id: null, user: user as UserRow, groupPermissions: [] };

  // Believed from the proxy only, as the email is.
  const groups = fromProxy ? groupsOf(request.headers[proxy.groups.header]) : [];
  // Kept for other admins to see on the user's detail; written only when they changed.
  if (!sameGroups(groups, user.sso_groups)) {
    await request.server.db
      .updateTable('users')
      .set({ sso_groups: groups })
      .where('id', '=', user.id)
      .execute();
  }
  return {
    id: null,
    user: { ...(user as UserRow), sso_groups: groups },
    groupPermissions: groupPermissionsOf(groups, proxy.groups.permissions),
  };
}
