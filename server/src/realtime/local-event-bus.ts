import { EventEmitter } from 'node:events';
import type { EventBus, RealtimeEvent, RealtimeListener } from './events.ts';

/**
 * Fan-out inside one process. It is also the whole story for embedded PGlite, whose
 * LISTEN/NOTIFY never leaves the process anyway; PostgreSQL uses pg-event-bus.ts.
 */
export class LocalEventBus implements EventBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    // one listener per open subscription; thousands of sockets are normal
    this.emitter.setMaxListeners(0);
  }

  async publish(event: RealtimeEvent): Promise<void> {
    this.dispatch(event);
  }

  /** Hands an event that arrived from elsewhere (another process) to local subscribers. */
  dispatch(event: RealtimeEvent): void {
    this.emitter.emit(event.userId, event);
  }

  subscribe(userId: string, listener: RealtimeListener): () => void {
    this.emitter.on(userId, listener);
    return () => this.emitter.off(userId, listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
