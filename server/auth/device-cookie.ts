import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_LIFETIME_SECONDS } from './devices';

const NAME = 'device';

/** The device cookie the browser sent, if any (only the sign-in routes receive it). */
export function deviceCookieOf(request: FastifyRequest): string | undefined {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name === NAME) return value.join('=') || undefined;
  }
  return undefined;
}

/**
 * Gives the browser its device cookie: script cannot read it, no other site's page can make the
 * browser send it, and it goes only to the sign-in routes under the API base (sub-path too).
 */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, value: string) {
  const attributes = [
    `${NAME}=${value}`,
    `Path=${request.server.basePath}/api/auth`,
    `Max-Age=${DEVICE_LIFETIME_SECONDS}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(request.protocol === 'https' ? ['Secure'] : []),
  ];
  reply.header('set-cookie', attributes.join('; '));
}
