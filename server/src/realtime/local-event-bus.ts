import { EventEmitter } from 'node:events';
import type { Kysely } from 'kysely';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../db/schema.ts';
import { EVENTS_CHANNEL, decodeEvent, encodeEvent, notifyThroughDatabase, type EventBus, type RealtimeEvent, type RealtimeListener } from './events.ts';
import { componentLogger } from '../observability/logger.ts';

const log = componentLogger('events');

/**
 * Fan-out inside one process. It is also the whole story for embedded PGlite, whose
 * LISTEN/NOTIFY never leaves the process anyway; PostgreSQL uses pg-event-bus.ts.
 */
export class LocalEventBus implements EventBus {
  private readonly emitter = new EventEmitter();
  private listening: { pglite: PGlite; stop: () => Promise<void> } | null = null;

  constructor() {
    // one listener per open subscription; thousands of sockets are normal
    this.emitter.setMaxListeners(0);
  }

  /**
   * A bus over an embedded database: PGlite's in-process NOTIFY is delivered on commit and
   * dropped on rollback, which gives publishInTransaction the same meaning as on PostgreSQL.
   */
  static async forPglite(pglite: PGlite): Promise<LocalEventBus> {
    const bus = new LocalEventBus();
    const stop = await pglite.listen(EVENTS_CHANNEL, (payload) => {
      const event = decodeEvent(payload);
      if (event) bus.dispatch(event);
    });
    bus.listening = { pglite, stop };
    return bus;
  }

  get hearsDatabaseNotify(): boolean {
    return this.listening !== null;
  }

  async publish(event: RealtimeEvent): Promise<void> {
    // a malformed event fails here just as it would on PostgreSQL, not only in production
    encodeEvent(event);
    this.dispatch(event);
  }

  /**
   * Without an attached PGlite there is no commit to observe, so the event is delivered at once,
   * before the commit (and even if it rolls back): a subscriber re-reading then may see the old
   * state until the next event. Only tests build the bus that way; create-event-bus.ts never does.
   */
  async publishInTransaction(trx: Kysely<Database>, event: RealtimeEvent): Promise<void> {
    if (!this.listening) {
      encodeEvent(event);
      this.dispatch(event);
      return;
    }
    await notifyThroughDatabase(trx, event);
  }

  /** Hands an event that arrived from elsewhere (another process) to local subscribers. */
  dispatch(event: RealtimeEvent): void {
    this.emitter.emit(event.userId, event);
  }

  subscribe(userId: string, listener: RealtimeListener): () => void {
    // one failing subscriber must not keep the event from the others, nor from the publisher
    const guarded: RealtimeListener = (event) => {
      try {
        listener(event);
      } catch (error) {
        log.error({ err: error, event: event.type }, 'event listener failed');
      }
    };
    this.emitter.on(userId, guarded);
    return () => this.emitter.off(userId, guarded);
  }

  /** Open subscriptions for one user in this process (tests check that they are released). */
  listenerCount(userId: string): number {
    return this.emitter.listenerCount(userId);
  }

  /** Users with at least one listener in this process. */
  subscribedUserIds(): string[] {
    return this.emitter.eventNames().filter((name): name is string => typeof name === 'string');
  }

  /** Delivery in one process never has gaps, so there is nothing to report. */
  onDeliveryGap(_listener: () => void): () => void {
    return () => {};
  }

  async close(): Promise<void> {
    const listening = this.listening;
    this.listening = null;
    this.emitter.removeAllListeners();
    // a database closed first has dropped its listeners already
    if (listening && !listening.pglite.closed) await listening.stop();
  }
}
