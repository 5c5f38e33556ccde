import {
  HEARTBEAT_MS,
  type PresenceChange,
  STATS_TOPIC,
  STREAMS_PER_SESSION,
} from '../../contract/live';
import { connectionOf, type Database } from '../db/connect';
import { countMemoOf } from '../db/count-memo';
import { streamsToClose } from './access';
import { Fanout } from './fanout';
import { CHANNELS, Listener } from './listener';
import { sweepPresence } from './presence';
import { frame, HEARTBEAT_FRAME, type Subscriber } from './subscriber';

/** Where the hub reports what it could not do (the app's logger). */
export interface LiveLog {
  warn(message: string): void;
}

export interface LiveOptions {
  heartbeatMs?: number;
  streamsPerSession?: number;
  /** How long a stats event waits for the changes that follow it (they share it). */
  statsDelayMs?: number;
  /** How often silent viewers are dropped. */
  sweepMs?: number;
}

/** How often the LISTEN connection is asked for an answer while no stream is open. */
const PROBE_MS = 10_000;

const STATS_FRAME = frame('stats', JSON.stringify({ topic: STATS_TOPIC, type: 'updated' }));

/** The dashboard counts pending withdrawals and users: an edit of a user moves neither. */
const movesStats = (resource: string, type: string | undefined) =>
  resource === 'withdrawals' || (resource === 'users' && type !== 'updated');

/**
 * At least how many ids an announcement names (`"ids":["a","b"]`): one more than its commas, so
 * an id holding a comma only counts for more.
 */
function idsIn(payload: string): number {
  const start = payload.indexOf('"ids":[');
  let count = 1;
  for (let i = payload.indexOf(',', start); i !== -1; i = payload.indexOf(',', i + 1)) count++;
  return count;
}

/**
 * The instance's live subscribers. It hears the database through one Listener and fans each
 * announcement out, in memory, to the streams whose admin may read its area. A timer sends the
 * heartbeat and checks every stream's session; a session ending elsewhere makes it check at once.
 */
export class LiveHub {
  private readonly subscribers = new Set<Subscriber>();
  private readonly perKey = new Map<string, number>();
  private readonly listener: Listener;
  private readonly fanout = new Fanout(() => this.subscribers);
  private heartbeat: NodeJS.Timeout | null = null;
  private sweep: NodeJS.Timeout | null = null;
  private stats: NodeJS.Timeout | null = null;
  private check: Promise<void> | null = null;
  private checkAgain = false;
  /** Whether the listener is up: the lists' count memo hears changes through it. */
  private hearing = false;
  private probing: NodeJS.Timeout | null = null;
  private readonly heartbeatMs: number;
  private readonly streamsPerSession: number;
  private readonly statsDelayMs: number;
  private readonly sweepMs: number;

  constructor(
    private readonly db: Database,
    /** Each announced resource and the area whose read permission hears it. */
    private readonly areas: ReadonlyMap<string, string>,
    options: LiveOptions = {},
    private readonly log: LiveLog = { warn: () => {} },
  ) {
    this.heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
    this.streamsPerSession = options.streamsPerSession ?? STREAMS_PER_SESSION;
    this.statsDelayMs = options.statsDelayMs ?? 150;
    this.sweepMs = options.sweepMs ?? 5_000;
    this.listener = new Listener(connectionOf(db), {
      notify: (channel, payload) => this.heard(channel, payload),
      up: () => this.setHearing(true),
      down: (reason) => {
        this.setHearing(false);
        this.log.warn(`Live updates: the LISTEN connection was lost (${reason}); reconnecting`);
        this.closeAll();
      },
    });
  }

  get size(): number {
    return this.subscribers.size;
  }

  /** Listening (connecting first if need be); false when the database cannot be reached. */
  async ready(): Promise<boolean> {
    try {
      await this.listener.connect();
      return true;
    } catch {
      return false;
    }
  }

  /** Whether the subscriber's session may open one more stream. */
  hasRoomFor(key: string): boolean {
    return (this.perKey.get(key) ?? 0) < this.streamsPerSession;
  }

  add(subscriber: Subscriber): void {
    // A client gone while its request waited has closed already: 'close' would never come.
    if (subscriber.response.socket?.destroyed !== false) return;
    this.subscribers.add(subscriber);
    this.perKey.set(subscriber.key, (this.perKey.get(subscriber.key) ?? 0) + 1);
    subscriber.response.once('close', () => this.remove(subscriber));
    this.startTimers();
  }

  private remove(subscriber: Subscriber): void {
    if (!this.subscribers.delete(subscriber)) return;
    const left = (this.perKey.get(subscriber.key) ?? 1) - 1;
    if (left > 0) this.perKey.set(subscriber.key, left);
    else this.perKey.delete(subscriber.key);
    if (this.subscribers.size === 0) this.stopTimers();
  }

  private heard(channel: string, payload: string): void {
    try {
      if (channel === CHANNELS.changes) this.changed(payload);
      else if (channel === CHANNELS.presence) this.presenceChanged(payload);
      else if (channel === CHANNELS.access) this.checkAccess();
    } catch (error) {
      // Anyone who may NOTIFY can send anything: a payload that is not ours is dropped.
      this.log.warn(`Live updates: an unreadable ${channel} announcement was dropped (${error})`);
    }
  }

  private setHearing(hearing: boolean): void {
    if (hearing === this.hearing) return;
    this.hearing = hearing;
    const memo = countMemoOf(this.db);
    if (hearing) memo.hearing();
    else memo.deaf();
    // The heartbeat probes the connection while streams are open; the memo needs it probed
    // without them too, or a connection dropped without a word would leave it trusting.
    if (this.probing) clearInterval(this.probing);
    this.probing = hearing ? setInterval(() => this.listener.probe(), PROBE_MS) : null;
    this.probing?.unref();
  }

  private changed(payload: string): void {
    // The trigger writes `{"topic":"resource/<name>","type":"<kind>",…`: read without parsing.
    const [, resource = '', type] =
      /^\{"topic":"resource\/([^"]*)","type":"(\w+)"/.exec(payload) ?? [];
    // Anything but a creation (an unreadable payload too) may have taken rows out of a set.
    if (type !== 'created') countMemoOf(this.db).changed(idsIn(payload));
    const area = this.areas.get(resource);
    if (!area) return;
    this.fanout.push(area, frame('resource', payload));
    if (movesStats(resource, type)) this.statsChanged();
  }

  private presenceChanged(payload: string): void {
    const area = this.areas.get((JSON.parse(payload) as PresenceChange).resource);
    if (area) this.fanout.push(area, frame('presence', payload));
  }

  /** One stats event for the changes of the next few milliseconds: the figures are read once. */
  private statsChanged(): void {
    if (this.stats) return;
    this.stats = setTimeout(() => {
      this.stats = null;
      this.fanout.push(null, STATS_FRAME);
    }, this.statsDelayMs);
  }

  /** Closes the streams whose session ended or whose permissions changed (one query for all). */
  checkAccess(): void {
    if (this.check) {
      this.checkAgain = true;
      return;
    }
    this.check = streamsToClose(this.db, this.subscribers)
      .then((closing) => {
        for (const subscriber of closing) subscriber.response.end();
      })
      .catch((error) =>
        this.log.warn(`Live updates: the streams' sessions were not checked (${error})`),
      )
      .finally(() => {
        this.check = null;
        if (this.checkAgain) {
          this.checkAgain = false;
          this.checkAccess();
        }
      });
  }

  private startTimers(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      this.fanout.push(null, HEARTBEAT_FRAME);
      this.checkAccess();
      this.listener.probe();
    }, this.heartbeatMs);
    this.sweep = setInterval(
      () =>
        void sweepPresence(this.db).catch((error) =>
          this.log.warn(`Live updates: silent viewers were not dropped (${error})`),
        ),
      this.sweepMs,
    );
  }

  private stopTimers(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.sweep) clearInterval(this.sweep);
    this.heartbeat = null;
    this.sweep = null;
  }

  /** Ends every stream: each client reconnects and reads again what it shows. */
  closeAll(): void {
    for (const subscriber of this.subscribers) subscriber.response.end();
  }

  async close(): Promise<void> {
    this.closeAll();
    this.stopTimers();
    this.fanout.close();
    if (this.stats) clearTimeout(this.stats);
    await this.check;
    await this.listener.close();
    this.setHearing(false);
  }
}
