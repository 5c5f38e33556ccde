import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AuthSettings } from '../config';
import type { UserRow } from '../db/schema';
import { forbidden, unauthorized } from '../http/errors';
import { addressMatcher } from './addresses';
import type { Session } from './sessions';

/** Sign-in by a single sign-on proxy: which header names the user, and which peers may set it. */
export interface ProxySignIn {
  /** Lower-cased, as Node names incoming headers. */
  header: string;
  isProxy(address: string | undefined): boolean;
}

export function proxySignInOf(auth: AuthSettings | undefined): ProxySignIn | null {
  if (auth?.mode !== 'proxy') return null;
  return { header: auth.header.toLowerCase(), isProxy: addressMatcher(auth.proxies) };
}

// One address, as the proxy sets it; a list (the header sent twice) names nobody.
const EMAIL = /^[^\s@,]{1,200}@[^\s@,]{1,120}$/;

/**
 * The user the proxy vouches for. Only the connection's own peer counts, never X-Forwarded-For:
 * a client could write any address there, and the header from anyone but the proxy is ignored.
 * No signed-in user without the header (401); an email with no account, or a disabled one, 403.
 */
export async function proxySession(request: FastifyRequest, proxy: ProxySignIn): Promise<Session> {
  const value = proxy.isProxy(request.raw.socket.remoteAddress)
    ? request.headers[proxy.header]
    : undefined;
  const email = typeof value === 'string' ? value.trim() : '';
  if (!email) throw unauthorized('Sign in through the single sign-on proxy');
  if (!EMAIL.test(email)) throw forbidden('The sign-on proxy sent no usable email address');
  const user = await request.server.db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', sql<string>`lower(${email})`)
    .executeTakeFirst();
  if (!user || user.status === 'disabled') throw forbidden('No active account has this email');
  return { id: null, user: user as UserRow };
}
