import type { ChangeType, PresenceChange, ResourceChange } from '../../contract/live';
import { HEARTBEAT_MS } from '../../contract/live';
import { config } from '../config';
import { apiUrl } from '../http';
import { getToken } from '../storage';
import { readEvents, type ServerSentEvent } from './sse';
import { type LiveStatus, type LiveStatusStore, liveStatus } from './status';

/**
 * An event as ra-realtime hands it to a subscriber: `resource/<name>` topics carry the changed
 * ids, `stats` nothing, `presence/<resource>/<id>` who views that record.
 */
export type LiveEvent =
  | { topic: string; type: ChangeType; payload: { ids: string[] } }
  | { topic: 'stats'; type: 'updated'; payload: Record<string, never> }
  | { topic: string; type: 'presence'; payload: Pick<PresenceChange, 'viewers'> };

export type LiveCallback = (event: LiveEvent) => void;

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;
/** No byte for this long (two heartbeats missed) means the connection died silently. */
const SILENCE_MS = 2 * HEARTBEAT_MS + 5_000;

const toLiveEvent = ({ event, data }: ServerSentEvent): LiveEvent | null => {
  try {
    if (event === 'resource') {
      const change = JSON.parse(data) as ResourceChange;
      return { topic: change.topic, type: change.type, payload: { ids: change.ids } };
    }
    if (event === 'stats') return { topic: 'stats', type: 'updated', payload: {} };
    if (event === 'presence') {
      const { topic, viewers } = JSON.parse(data) as PresenceChange;
      return { topic, type: 'presence', payload: { viewers } };
    }
  } catch {
    // a malformed event is dropped; the next refetch shows the truth
  }
  return null;
};

/**
 * The console's one stream of live events (`GET /api/admin/events`), read with fetch so the
 * Authorization header goes with it (EventSource cannot send one). It opens with the first
 * subscriber, reconnects with backoff after a loss and then tells `onReconnect` listeners to
 * refetch what the gap may have missed.
 */
export class LiveConnection {
  private readonly topics = new Map<string, Set<LiveCallback>>();
  private readonly reconnectListeners = new Set<() => void>();
  private abort: AbortController | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private silence: ReturnType<typeof setTimeout> | null = null;
  private retryMs = FIRST_RETRY_MS;
  private wasLive = false;

  constructor(
    private readonly fetcher: typeof fetch = (...args) => fetch(...args),
    private readonly statusStore: LiveStatusStore = liveStatus,
  ) {}

  get status(): LiveStatus {
    return this.statusStore.get();
  }

  subscribe(topic: string, callback: LiveCallback): void {
    const callbacks = this.topics.get(topic) ?? new Set();
    callbacks.add(callback);
    this.topics.set(topic, callbacks);
    if (this.status === 'idle' || this.status === 'closed') this.connect();
  }

  unsubscribe(topic: string, callback: LiveCallback): void {
    const callbacks = this.topics.get(topic);
    callbacks?.delete(callback);
    if (callbacks?.size === 0) this.topics.delete(topic);
  }

  /** Called each time the stream is back after a loss. */
  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  /** Signed out: close, forget the subscribers' wish to connect until one subscribes again. */
  stop(): void {
    this.disconnect();
    this.wasLive = false;
    this.retryMs = FIRST_RETRY_MS;
    this.setStatus('idle');
  }

  private setStatus(status: LiveStatus): void {
    this.statusStore.set(status);
  }

  private disconnect(): void {
    this.abort?.abort();
    this.abort = null;
    if (this.retry) clearTimeout(this.retry);
    if (this.silence) clearTimeout(this.silence);
    this.retry = null;
    this.silence = null;
  }

  private connect(): void {
    this.disconnect();
    this.setStatus(this.wasLive ? 'reconnecting' : 'connecting');
    const abort = new AbortController();
    this.abort = abort;
    void this.read(abort).then(
      (refused) => {
        if (this.abort === abort) this.lost(refused);
      },
      () => {
        if (this.abort === abort) this.lost(null);
      },
    );
  }

  /** Reads the stream until it ends; answers the refusal's status when it was refused. */
  private async read(
    abort: AbortController,
  ): Promise<{ status: number; retryAfter: number } | null> {
    const headers = new Headers({ Accept: 'text/event-stream' });
    const token = config.authMode === 'proxy' ? null : getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const response = await this.fetcher(apiUrl('admin/events'), {
      headers,
      credentials: config.authMode === 'proxy' ? 'same-origin' : 'omit',
      cache: 'no-store',
      signal: abort.signal,
    });
    // stopped (signed out) while the answer was on its way
    if (abort.signal.aborted) return null;
    if (!response.ok || !response.body) {
      const retryAfter = Number(response.headers.get('retry-after')) * 1000 || 0;
      return { status: response.status, retryAfter };
    }
    this.retryMs = FIRST_RETRY_MS;
    const gap = this.wasLive;
    this.wasLive = true;
    this.setStatus('live');
    this.watchSilence(abort);
    if (gap) for (const listener of this.reconnectListeners) listener();
    await readEvents(
      response.body,
      (event) => this.dispatch(event),
      () => this.watchSilence(abort),
    );
    return null;
  }

  private watchSilence(abort: AbortController): void {
    if (this.silence) clearTimeout(this.silence);
    this.silence = setTimeout(() => abort.abort(), SILENCE_MS);
  }

  private dispatch(sse: ServerSentEvent): void {
    const event = toLiveEvent(sse);
    if (!event) return;
    for (const callback of this.topics.get(event.topic) ?? []) callback(event);
  }

  private lost(refused: { status: number; retryAfter: number } | null): void {
    this.abort = null;
    if (refused && (refused.status === 401 || refused.status === 403)) {
      // Signed out or no longer an admin: SessionCheck asks the server and takes the admin out.
      this.setStatus('closed');
      return;
    }
    this.setStatus(this.wasLive ? 'reconnecting' : 'connecting');
    const wait = Math.max(refused?.retryAfter ?? 0, this.retryMs * (0.8 + Math.random() * 0.4));
    this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
    this.retry = setTimeout(() => {
      this.retry = null;
      if (this.topics.size > 0) this.connect();
      else this.setStatus('idle');
    }, wait);
  }
}

/** The console's connection (one per tab). */
export const live = new LiveConnection();
