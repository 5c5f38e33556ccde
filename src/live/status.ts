import { useSyncExternalStore } from 'react';

/**
 * `idle` before anything subscribes or once signed out; `connecting` the first time; `live`;
 * `reconnecting` after a loss, until the stream is back. `closed`: the server refused it for
 * good (signed out, not an admin).
 */
export type LiveStatus = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'closed';

/** A status and who listens to it. */
export interface LiveStatusStore {
  get(): LiveStatus;
  set(status: LiveStatus): void;
  /** useSyncExternalStore's subscribe. */
  subscribe(listener: () => void): () => void;
}

const createLiveStatusStore = (): LiveStatusStore => {
  let current: LiveStatus = 'idle';
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(status) {
      if (status === current) return;
      current = status;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};

/**
 * The tab's stream status. It lives apart from the connection, whose code loads after the first
 * render (src/live/stream.ts): what shows on the first paint reads `idle` until then.
 */
export const liveStatus = createLiveStatusStore();

/** The connection's state, for the top bar's indicator and the refetches it spares. */
export const useLiveStatus = (): LiveStatus =>
  useSyncExternalStore(liveStatus.subscribe, liveStatus.get);
