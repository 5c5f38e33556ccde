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
  /** The areas whose `read` the admin holds, fixed for the stream: a revoked grant ends it. */
  areas: ReadonlySet<string>;
  response: ServerResponse;
}

/** Frames' bytes, made once for every stream that hears them. */
export interface Bytes {
  plain: Buffer;
  /** The same as one HTTP/1.1 chunk: what a chunked response sends for them. */
  chunked: Buffer;
}

const CRLF = Buffer.from('\r\n');

export function bytesOf(text: string): Bytes {
  const plain = Buffer.from(text);
  const size = Buffer.from(`${plain.length.toString(16)}\r\n`);
  return { plain, chunked: Buffer.concat([size, plain, CRLF]) };
}

/**
 * Writes frames; a reader too far behind is cut off rather than buffered without end. The bytes
 * go straight to the socket, framed as the response would frame them: the response's own write
 * frames and corks each call anew, which at hundreds of streams per event was most of the time.
 */
export function send(subscriber: Subscriber, bytes: Bytes): void {
  const { response } = subscriber;
  const { socket } = response;
  if (response.destroyed || response.writableEnded || !socket || socket.destroyed) return;
  if (response.writableLength > MAX_BACKLOG) {
    response.destroy();
    return;
  }
  socket.write(response.chunkedEncoding ? bytes.chunked : bytes.plain);
}

export const frame = (event: string, data: string) => `event: ${event}\ndata: ${data}\n\n`;
export const HEARTBEAT_FRAME = ': heartbeat\n\n';
