import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** What an incoming X-Request-Id may be to be kept: a proxy's id, never a log injection. */
const USABLE = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Each request's id, the `reqId` of its log lines and its `X-Request-Id` answer header: the id
 * a proxy in front already gave it (so one id follows the request through both logs), or a
 * new random one, unique across every instance on a shared database.
 */
export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && USABLE.test(given) ? given : randomUUID();
}
