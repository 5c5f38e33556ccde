import pg from 'pg';

/** The channels the database announces on (see migration 0014_live_updates). */
export const CHANNELS = {
  /** A resource's rows changed: the payload is the SSE event's data. */
  changes: 'rewards_changes',
  /** Who views a record changed: the payload is the SSE event's data. */
  presence: 'rewards_presence',
  /** A session ended: check the open streams now. */
  access: 'rewards_access',
} as const;

export interface ListenerHandlers {
  notify(channel: string, payload: string): void;
  /** Listening: every announcement from now on is heard. */
  up?(): void;
  /** The connection was lost: whatever was announced meanwhile is unheard. */
  down(reason: string): void;
}

const MAX_RETRY_MS = 5_000;
const CONNECT_TIMEOUT_MS = 5_000;
const PROBE_TIMEOUT_MS = 5_000;

/**
 * One connection of its own (not the pool's) that LISTENs on every channel, for the whole
 * instance: its subscribers share it. Opened at the first need; after a loss it reconnects with
 * backoff, and `down` tells the hub, which closes its streams so each client refetches.
 */
export class Listener {
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;
  private retryMs = 200;
  private closed = false;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly handlers: ListenerHandlers,
  ) {}

  /** Connected, or trying: rejects when this attempt fails (a retry follows). */
  connect(): Promise<void> {
    if (this.client) return Promise.resolve();
    if (this.closed) return Promise.reject(new Error('The listener is closed'));
    this.connecting ??= this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async open(): Promise<void> {
    // keepAlive: a connection a NAT or a failover dropped without a word is noticed by TCP too.
    const client = new pg.Client({
      ...this.config,
      application_name: 'rewards-live',
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    client.on('notification', (message) =>
      this.handlers.notify(message.channel, message.payload ?? ''),
    );
    client.on('error', (error) => this.lost(client, error.message));
    client.on('end', () => this.lost(client, 'closed by the server'));
    try {
      await client.connect();
      await client.query(
        Object.values(CHANNELS)
          .map((channel) => `LISTEN ${channel}`)
          .join(';'),
      );
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      this.scheduleRetry();
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      throw new Error('The listener is closed');
    }
    this.client = client;
    this.retryMs = 200;
    this.handlers.up?.();
  }

  /**
   * Asks the connection for an answer (each heartbeat): a connection that stopped answering
   * while it stayed open would otherwise leave every stream 'Live' and silent.
   */
  probe(): void {
    const client = this.client;
    if (!client) return;
    const timer = setTimeout(() => this.lost(client, 'no answer to a probe'), PROBE_TIMEOUT_MS);
    timer.unref();
    client.query('SELECT 1').then(
      () => clearTimeout(timer),
      (error: Error) => {
        clearTimeout(timer);
        this.lost(client, error.message);
      },
    );
  }

  private lost(client: pg.Client, reason: string): void {
    if (this.client !== client) return;
    this.client = null;
    client.removeAllListeners('notification');
    void client.end().catch(() => {});
    this.handlers.down(reason);
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.closed || this.retry) return;
    const wait = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect().catch(() => {});
    }, wait);
    this.retry.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    await this.connecting?.catch(() => {});
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners();
      client.on('error', () => {});
      await client.end().catch(() => {});
    }
  }
}
