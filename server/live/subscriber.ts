import type { ServerResponse } from 'node:http';

/** A stream's reader falls this far behind (bytes unsent): it is closed, and will refetch. */
const MAX_BACKLOG = 1024 * 1024;

/** One open event stream: who holds it, what they may hear, and its response. */
export interface Subscriber {
  /** What the per-session limit counts: the session, or the user behind a sign-on proxy. */
  key: string;
  sessionId: number | null;
  userId: number;
  /** From the sign-on proxy's groups header at connect time (none with password sign-in). */
  groupPermissions: string[];
  /**
   * The sign-on groups those came from, when the proxy passes groups (else null): a request with
   * other groups records them on the user, and the stream must then close.
   */
  ssoGroups: string[] | null;
  /** Everything held at connect time, sorted: any change closes the stream. */
  permissions: string;
  /** The areas whose `read` the admin holds. */
  areas: Set<string>;
  response: ServerResponse;
}

/** Writes one frame; a reader too far behind is cut off rather than buffered without end. */
export function send(subscriber: Subscriber, frame: string | Buffer): void {
  const { response } = subscriber;
  if (response.destroyed || response.writableEnded) return;
  if (response.writableLength > MAX_BACKLOG) {
    response.destroy();
    return;
  }
  response.write(frame);
}

export const frame = (event: string, data: string) => `event: ${event}\ndata: ${data}\n\n`;
export const HEARTBEAT_FRAME = ': heartbeat\n\n';
