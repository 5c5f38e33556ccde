// No zod here: the console's first screen reads this file (presence's schemas: presence.ts).
import type { ReadableArea } from './permissions';

// Live updates: GET /api/admin/events is a Server-Sent Events stream in ra-realtime's shape.
//   event: resource   data: {"topic":"resource/withdrawals","type":"updated","ids":["12","13"]}
//   event: stats      data: {"topic":"stats","type":"updated"}   (the dashboard's figures moved)
//   event: presence   data: {"topic":"presence/withdrawals/12", ..., "viewers":[...]}
//   : heartbeat       a comment every HEARTBEAT_MS
// Each admin hears only the topics whose area they may read (`<area>:read`); stats go to every
// admin, as the dashboard does.

/** Every announced resource (the console's resource name) and the area whose read shows it. */
export const LIVE_RESOURCES = {
  users: 'users',
  matches: 'users',
  withdrawals: 'withdrawals',
  adjustments: 'users',
  bots: 'bots',
  categories: 'games',
  offers: 'games',
  decks: 'decks',
  'withdrawal-types': 'settings',
  settings: 'settings',
  integrations: 'integrations',
  legal: 'legal',
  audit: 'audit',
} as const satisfies Record<string, ReadableArea>;

export type LiveResource = keyof typeof LIVE_RESOURCES;

export const resourceTopic = (resource: string) => `resource/${resource}`;
export const presenceTopic = (resource: string, id: string) => `presence/${resource}/${id}`;

export type ChangeType = 'created' | 'updated' | 'deleted';

/** `event: resource`: which records of a resource changed (one event per statement, chunked). */
export interface ResourceChange {
  topic: string;
  type: ChangeType;
  ids: string[];
}

/** `event: stats`: the dashboard's figures may have changed; read them again. */
export interface StatsChange {
  topic: 'stats';
  type: 'updated';
}

/** Sent when a withdrawal changes or a user comes or goes (the dashboard's figures). */
export const STATS_TOPIC = 'stats';

/** An admin viewing a record. */
export interface Viewer {
  adminId: string;
  username: string;
}

/** `event: presence`: who views one record now (everyone; each client leaves itself out). */
export interface PresenceChange {
  topic: string;
  resource: string;
  id: string;
  viewers: Viewer[];
}

export const HEARTBEAT_MS = 15_000;
export const PRESENCE_INTERVAL_MS = 15_000;
/** A viewer silent this long drops off. */
export const PRESENCE_TTL_MS = 30_000;
/** Open streams one session may hold (tabs of the console); the next is a 429. */
export const STREAMS_PER_SESSION = 5;

export const TOO_MANY_STREAMS = `Too many live connections for this session (at most ${STREAMS_PER_SESSION}). Close another tab of the console and try again.`;
export const LIVE_UNAVAILABLE = 'Live updates are unavailable right now. Try again shortly.';

export const changedElsewhere = (admin: string) =>
  `This record was changed by ${admin}. Reload to see the changes.`;
export const alsoViewing = (admin: string) => `${admin} is also viewing this withdrawal`;
