/**
 * The fake API's `GET /api/admin/events`: each request opens a stream that stays open until the
 * test drops it (or the console aborts it), so the console is 'Live' and never retries.
 *
 *   const { liveStream } = renderAdmin(...);
 *   await liveStream.connected();
 *   liveStream.emit('resource', { topic: 'resource/bots', type: 'updated', ids: ['BOT-1'] });
 *   liveStream.drop();   // the server went away: 'Reconnecting…', then a new stream opens
 */
export interface FakeLiveStream {
  /** Sends one event (`event: name`, `data: JSON`) on every open stream. */
  emit: (event: string, data: unknown) => void;
  /** Ends every open stream, as a server restart does; the console reconnects after ~1 s. */
  drop: () => void;
  /** While set, new streams are refused with this status (503: the console keeps retrying). */
  refuseWith: (status: number | null) => void;
  /** Resolves once a stream is open (at once if one is). */
  connected: () => Promise<void>;
  /** Streams open now. */
  readonly open: number;
  /** Streams opened so far. */
  readonly opened: number;
  /** Requests for a stream so far, refused ones included. */
  readonly attempts: number;
}

const encoder = new TextEncoder();

export const createLiveStream = () => {
  const streams = new Set<ReadableStreamDefaultController<Uint8Array>>();
  let opened = 0;
  let attempts = 0;
  let refused: number | null = null;
  let waiting: (() => void)[] = [];

  const close = (controller: ReadableStreamDefaultController<Uint8Array>) => {
    if (!streams.delete(controller)) return;
    try {
      controller.close();
    } catch {
      // already closed or errored
    }
  };

  /** The fake fetch's answer to one `GET /api/admin/events`. */
  const respond = (signal: AbortSignal | null | undefined): Response => {
    attempts += 1;
    if (refused !== null) {
      return new Response(JSON.stringify({ error: 'Unavailable', code: 'live_unavailable' }), {
        status: refused,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    let own: ReadableStreamDefaultController<Uint8Array> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        own = controller;
        streams.add(controller);
        controller.enqueue(encoder.encode('retry: 2000\n\n: live\n\n'));
      },
      cancel() {
        if (own) streams.delete(own);
      },
    });
    signal?.addEventListener('abort', () => {
      if (own && streams.delete(own)) {
        try {
          own.error(new DOMException('The operation was aborted.', 'AbortError'));
        } catch {
          // already closed
        }
      }
    });
    opened += 1;
    const ready = waiting;
    waiting = [];
    for (const resolve of ready) resolve();
    return new Response(body, {
      status: 200,
      headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' },
    });
  };

  const handle: FakeLiveStream = {
    emit(event, data) {
      if (streams.size === 0) throw new Error(`No live stream is open to send '${event}' on`);
      const bytes = encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      for (const controller of streams) controller.enqueue(bytes);
    },
    drop() {
      for (const controller of [...streams]) close(controller);
    },
    refuseWith(status) {
      refused = status;
    },
    connected: () =>
      streams.size > 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            waiting.push(resolve);
          }),
    get open() {
      return streams.size;
    },
    get opened() {
      return opened;
    },
    get attempts() {
      return attempts;
    },
  };
  return { handle, respond };
};
