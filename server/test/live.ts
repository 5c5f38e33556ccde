import type { FastifyInstance } from 'fastify';
import { bearer } from './harness';

/** One event as the stream sent it: its name (`message` when none) and its data, parsed. */
export interface StreamEvent {
  event: string;
  data: unknown;
}

export interface TestStream {
  status: number;
  headers: Headers;
  /** The error body of a refused stream. */
  body?: unknown;
  /** Every event received so far. */
  events: StreamEvent[];
  /** Every comment line received so far (`heartbeat`, `live`). */
  comments: string[];
  /** The first event (received or to come) that matches, or a failure after `timeoutMs`. */
  next(match: (event: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** The app's address, listening on a free port (once per app). */
export async function addressOf(app: FastifyInstance): Promise<string> {
  const address = app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  await app.listen({ host: '127.0.0.1', port: 0 });
  return addressOf(app);
}

/** Opens GET /api/admin/events as the console does (fetch, Bearer token) and reads it. */
export async function openStream(
  base: string,
  headers: Record<string, string>,
): Promise<TestStream> {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/admin/events`, { headers, signal: controller.signal });
  const events: StreamEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of waiters) waiter();
  };
  if (res.status !== 200 || !res.body) {
    const body = await res.json().catch(() => undefined);
    return {
      status: res.status,
      headers: res.headers,
      body,
      events,
      comments,
      next: () => Promise.reject(new Error(`stream refused: ${res.status}`)),
      ended: Promise.resolve(),
      close: () => {},
    };
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let finished = false;
  const ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length > 0) events.push({ event, data: JSON.parse(data.join('\n')) });
          end = buffer.indexOf('\n\n');
        }
        wake();
      }
    } catch {
      // aborted by close()
    }
    finished = true;
    wake();
  })();
  return {
    status: res.status,
    headers: res.headers,
    events,
    comments,
    ended,
    close: () => controller.abort(),
    next(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (found) {
            done();
            resolve(found);
          } else if (finished) {
            done();
            reject(new Error('the stream ended first'));
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no such event within ${timeoutMs} ms: ${JSON.stringify(events)}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}

/** A resource event's data. */
export interface ChangeData {
  topic: string;
  type: string;
  ids: string[];
}

/** Matches `event: resource` for that resource, kind and id. */
export const changeOf =
  (resource: string, type: string, id?: string) =>
  ({ event, data }: StreamEvent) => {
    const change = data as ChangeData;
    return (
      event === 'resource' &&
      change.topic === `resource/${resource}` &&
      change.type === type &&
      (id === undefined || change.ids.includes(id))
    );
  };

/** The streams a test file opens, each expected to open; `closeAll` (its afterAll) ends them. */
export class OpenStreams {
  private readonly opened: TestStream[] = [];

  async open(base: string, token: string): Promise<TestStream> {
    const stream = await openStream(base, bearer(token));
    if (stream.status !== 200) {
      throw new Error(`the stream was refused: ${stream.status} ${JSON.stringify(stream.body)}`);
    }
    this.opened.push(stream);
    return stream;
  }

  closeAll(): void {
    for (const stream of this.opened) stream.close();
  }
}

/** Resolves when the server ends the stream; fails if it is still open after `ms`. */
export const endsWithin = (stream: TestStream, ms = 5000) =>
  Promise.race([
    stream.ended,
    new Promise((_, reject) => setTimeout(() => reject(new Error(`open after ${ms} ms`)), ms)),
  ]);
