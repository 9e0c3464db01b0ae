import pg from 'pg';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { EVENTS_CHANNEL, REFRESH_EVENT_TYPES, decodeEvent, notifyThroughDatabase, type EventBus, type RealtimeEvent, type RealtimeListener } from './events.ts';
import { LocalEventBus } from './local-event-bus.ts';
import { componentLogger } from '../observability/logger.ts';
import { eventBusReconnects } from '../observability/metrics.ts';

export interface PgEventBusOptions {
  /** The LISTEN connection's application_name, so operators can find it in pg_stat_activity. */
  applicationName?: string;
  /** Back-off between reconnect attempts: doubles from `initial` up to `max`. */
  reconnectDelayMs?: { initial: number; max: number };
  logger?: EventBusLog;
}

/** What the bus writes to the log; the server's pino logger by default. */
export interface EventBusLog {
  info(message: string): void;
  warn(message: string): void;
  error(fields: { err: unknown }, message: string): void;
}

export const LISTENER_APPLICATION_NAME = 'curio-events-listener';

/**
 * Fan-out across server processes through PostgreSQL LISTEN/NOTIFY (engineering rule E-9).
 * Publishing is a NOTIFY through the ordinary pool, so it can join a transaction and is then
 * delivered only on commit; receiving needs one dedicated connection per process, because a
 * pooled connection would be handed to other queries and could drop its LISTEN.
 *
 * Every process, the publisher included, receives its own NOTIFY back; local subscribers are
 * served from that single path so each event reaches each subscriber exactly once.
 */
export class PgEventBus implements EventBus {
  private readonly local = new LocalEventBus();
  private readonly gapListeners = new Set<() => void>();
  private readonly logger: EventBusLog;
  private readonly reconnectDelay: { initial: number; max: number };
  private client: pg.Client | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private reconnectAttempt = 0;
  private closed = false;
  private readonly db: Kysely<Database>;
  private readonly url: string;
  private readonly options: PgEventBusOptions;

  private constructor(db: Kysely<Database>, url: string, options: PgEventBusOptions) {
    this.db = db;
    this.url = url;
    this.options = options;
    this.logger = options.logger ?? componentLogger('events');
    this.reconnectDelay = options.reconnectDelayMs ?? { initial: 250, max: 10_000 };
  }

  /** Opens the LISTEN connection; fails (and so does start-up) when the database is unreachable. */
  static async create(db: Kysely<Database>, url: string, options: PgEventBusOptions = {}): Promise<PgEventBus> {
    const bus = new PgEventBus(db, url, options);
    bus.client = await bus.connectListener();
    return bus;
  }

  readonly hearsDatabaseNotify = true;

  async publish(event: RealtimeEvent): Promise<void> {
    await this.notify(this.db, event);
  }

  async publishInTransaction(trx: Kysely<Database>, event: RealtimeEvent): Promise<void> {
    await this.notify(trx, event);
  }

  subscribe(userId: string, listener: RealtimeListener): () => void {
    return this.local.subscribe(userId, listener);
  }

  /** Open subscriptions for one user in this process (tests check that they are released). */
  listenerCount(userId: string): number {
    return this.local.listenerCount(userId);
  }

  onDeliveryGap(listener: () => void): () => void {
    this.gapListeners.add(listener);
    return () => this.gapListeners.delete(listener);
  }

  /** True while the LISTEN connection is up (false between a drop and the reconnect). */
  get listening(): boolean {
    return this.client !== null;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.gapListeners.clear();
    const client = this.client;
    this.client = null;
    await this.local.close();
    if (client) await client.end().catch(() => {});
  }

  private async notify(executor: Kysely<Database>, event: RealtimeEvent): Promise<void> {
    await notifyThroughDatabase(executor, event);
  }

  private async connectListener(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: this.url,
      application_name: this.options.applicationName ?? LISTENER_APPLICATION_NAME,
      // a half-open TCP connection would otherwise look alive for hours while events go nowhere
      keepAlive: true,
    });
    // an 'error' event without a listener would crash the process
    client.on('error', (error) => this.onConnectionLost(client, error));
    client.on('end', () => this.onConnectionLost(client, null));
    client.on('notification', (message) => {
      if (message.channel !== EVENTS_CHANNEL) return;
      const event = decodeEvent(message.payload, (userId) => this.local.listenerCount(userId) > 0);
      if (event) this.local.dispatch(event);
      else if (event === null) this.logger.warn('ignored a malformed notification');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    return client;
  }

  private onConnectionLost(client: pg.Client, error: Error | null): void {
    if (this.closed || client !== this.client) return;
    this.client = null;
    client.end().catch(() => {});
    this.logger.warn(`LISTEN connection lost (${error?.message ?? 'closed by server'}); reconnecting`);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    const { initial, max } = this.reconnectDelay;
    const delay = Math.min(max, initial * 2 ** this.reconnectAttempt);
    this.reconnectAttempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.reconnect();
    }, delay);
    // a pending retry alone must not keep a finished process alive
    this.reconnectTimer.unref();
  }

  private async reconnect(): Promise<void> {
    let client: pg.Client;
    try {
      client = await this.connectListener();
    } catch (error) {
      if (this.closed) return;
      this.logger.warn(`LISTEN reconnect failed (${(error as Error).message}); retrying`);
      this.scheduleReconnect();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.reconnectAttempt = 0;
    eventBusReconnects.inc();
    this.logger.info('LISTEN connection restored');
    this.announceGap();
  }

  /** Events sent while the connection was down are gone: make everything re-read once. */
  private announceGap(): void {
    for (const userId of this.local.subscribedUserIds()) {
      for (const type of REFRESH_EVENT_TYPES) this.local.dispatch({ type, userId });
    }
    for (const listener of this.gapListeners) {
      try {
        listener();
      } catch (error) {
        this.logger.error({ err: error }, 'delivery-gap listener failed');
      }
    }
  }
}
