import { performance as loop } from 'node:perf_hooks';
import { type Bytes, bytesOf, type Subscriber, send } from './subscriber';

interface Queued {
  /** Who may hear it: the readers of this area, or (null) every stream. */
  area: string | null;
  text: string;
}

/** The least time between two flushes while the instance has time to spare. */
const FLUSH_MS = 60;
/** ...and while its event loop is busy: the streams then wait, the requests do not. */
const BUSY_FLUSH_MS = 250;
/**
 * The event loop's utilisation up to which the instance counts as idle, and from which busy:
 * 500 streams and 100 changes a second alone keep it at 0.1 to 0.2, eight clients listing
 * without pause at 0.9 to 1.
 */
const IDLE = 0.3;
const BUSY = 0.8;
/** How long the utilisation is smoothed over: a pause (a collection) is not a busy instance. */
const SMOOTHING_MS = 1000;
/** Streams written in one turn of the event loop: requests in between wait for no more. */
const SLICE = 50;

/**
 * The least time between two flushes when the event loop has lately been busy for `utilisation`
 * of the time: FLUSH_MS when idle, BUSY_FLUSH_MS when busy, in proportion between.
 *
 * Why: a flush writes every stream once, and each write is a system call whose kernel work
 * (over loopback the reader's receiving too) takes the cores the requests run on. At 500 streams
 * and 100 changes a second, a flush every 60 ms slowed the lists by 8 to 10% in throughput, one
 * every 120 ms by half that (bench:live). Admins wait on their lists; a change on screen a
 * quarter of a second after it happened is as good as one after 60 ms.
 */
export function flushInterval(
  utilisation: number,
  idleMs = FLUSH_MS,
  busyMs = BUSY_FLUSH_MS,
): number {
  const busy = Math.min(1, Math.max(0, (utilisation - IDLE) / (BUSY - IDLE)));
  return idleMs + (busyMs - idleMs) * busy;
}

/**
 * How busy the event loop has been lately (0 to 1): its utilisation since the last call, averaged
 * with what came before, each past millisecond weighing less the older it is.
 */
function loopUtilisation(): () => number {
  let last = loop.eventLoopUtilization();
  let smoothed = 0;
  return () => {
    const now = loop.eventLoopUtilization();
    const { utilization, idle, active } = loop.eventLoopUtilization(now, last);
    last = now;
    const kept = Math.exp(-(idle + active) / SMOOTHING_MS);
    smoothed = smoothed * kept + utilization * (1 - kept);
    return smoothed;
  };
}

/**
 * Frames leave together: one write per stream, of bytes encoded once for all streams that may
 * hear the same areas. A frame after a quiet spell leaves on the next turn of the event loop;
 * under a stream of changes frames wait for the next flush (at most FLUSH_MS, BUSY_FLUSH_MS
 * while the instance is busy), so the cost per event falls as the rate rises. A flush writes SLICE streams a turn, so the requests that arrive meanwhile
 * are served between slices rather than after all the streams.
 */
export class Fanout {
  private queue: Queued[] = [];
  private timer: NodeJS.Timeout | null = null;
  private slices: NodeJS.Immediate | null = null;
  private lastFlush = 0;
  private readonly areaKeys = new WeakMap<Subscriber, string>();

  constructor(
    private readonly subscribers: () => Iterable<Subscriber>,
    /**
     * The least time between two flushes, idle and busy (see flushInterval): what comes
     * meanwhile leaves with the next.
     */
    private readonly flushMs: { idle: number; busy: number } = {
      idle: FLUSH_MS,
      busy: BUSY_FLUSH_MS,
    },
    /** How busy the event loop has lately been, 0 to 1. */
    private readonly utilisation: () => number = loopUtilisation(),
  ) {}

  push(area: string | null, text: string): void {
    this.queue.push({ area, text });
    this.schedule();
  }

  private schedule(): void {
    // A flush still writing: the next one is scheduled when it ends, so each stream's frames
    // keep their order.
    if (this.timer || this.slices || this.queue.length === 0) return;
    // After a quiet spell the first frame leaves at once (the next turn); under a stream of
    // changes, one flush every interval: 500 streams at 100 changes a second then cost 8,300
    // writes a second at 60 ms, not 100,000 (a write is a system call); a busy instance waits
    // longer between flushes (flushInterval).
    const interval = flushInterval(this.utilisation(), this.flushMs.idle, this.flushMs.busy);
    const wait = Math.max(0, this.lastFlush + interval - performance.now());
    this.timer = setTimeout(() => this.flush(), wait);
  }

  private areaKeyOf(subscriber: Subscriber): string {
    let key = this.areaKeys.get(subscriber);
    if (key === undefined) {
      key = [...subscriber.areas].sort().join(' ');
      this.areaKeys.set(subscriber, key);
    }
    return key;
  }

  /** Drops what waits (the streams are ending). */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.slices) clearImmediate(this.slices);
    this.timer = null;
    this.slices = null;
    this.queue = [];
  }

  private flush(): void {
    this.timer = null;
    this.lastFlush = performance.now();
    const queue = this.queue;
    this.queue = [];
    const chunks = new Map<string, Bytes | null>();
    const bytesFor = (subscriber: Subscriber) => {
      const key = this.areaKeyOf(subscriber);
      let chunk = chunks.get(key);
      if (chunk === undefined) {
        const text = queue
          .filter(({ area }) => area === null || subscriber.areas.has(area))
          .map((queued) => queued.text)
          .join('');
        chunk = text ? bytesOf(text) : null;
        chunks.set(key, chunk);
      }
      return chunk;
    };
    const streams = [...this.subscribers()];
    const write = (from: number) => {
      this.slices = null;
      for (const subscriber of streams.slice(from, from + SLICE)) {
        const chunk = bytesFor(subscriber);
        if (chunk) send(subscriber, chunk);
      }
      if (from + SLICE < streams.length) this.slices = setImmediate(write, from + SLICE);
      else this.schedule();
    };
    write(0);
  }
}
