import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** What an incoming X-Request-Id may be to be kept: a proxy's id, never a log injection. */
const USABLE = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Each request's id, the `reqId` of its log lines and its `X-Request-Id` answer header: behind
 * a trusted proxy, the id it already gave the request (so one id follows the request through
 * both logs); otherwise, or when unusable, a new random one, unique across every instance.
 */
export function requestIds(trustProxy: boolean): (request: IncomingMessage) => string {
  return (request) => {
    const given = request.headers['x-request-id'];
    return trustProxy && typeof given === 'string' && USABLE.test(given) ? given : randomUUID();
  };
}
