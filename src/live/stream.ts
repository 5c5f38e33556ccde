import type { LiveConnection } from './connection';

let loading: Promise<LiveConnection> | undefined;
let loaded: LiveConnection | undefined;

/**
 * The tab's live connection, its code fetched by the first subscriber (after the first render):
 * calls made before it has loaded run, in their order, once it has.
 */
export const liveConnection = (): Promise<LiveConnection> => {
  loading ??= import('./connection').then(({ live }) => {
    loaded = live;
    return live;
  });
  return loading;
};

/** Signed out: closes the stream, if one was ever asked for. */
export const stopLive = (): void => {
  if (loaded) loaded.stop();
  else void loading?.then((live) => live.stop());
};
