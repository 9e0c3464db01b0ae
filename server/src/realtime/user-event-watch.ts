import type { EventBus, RealtimeEvent } from './events.ts';
import { UserEventQueue } from './user-event-queue.ts';

/**
 * Turns bus events about one user into "something changed, re-read" wake-ups for a
 * subscription's async generator. It listens from construction on, so a procedure that
 * creates it before reading the current state cannot miss a change made in between; a burst
 * of events while the reader is busy collapses into one wake-up, since each read is a full
 * re-read anyway. Aborting `signal` (the client went away) ends it, even mid-wait.
 */
export class UserEventWatch {
  private readonly queue: UserEventQueue;

  constructor(events: EventBus, userId: string, types: readonly RealtimeEvent['type'][], signal?: AbortSignal) {
    this.queue = new UserEventQueue(events, userId, types, signal);
  }

  /** Resolves true once a matching event arrived since the last call; false when stopped. */
  async next(): Promise<boolean> {
    if (!(await this.queue.next())) return false;
    // the re-read this wake-up causes covers every event queued behind it
    this.queue.clear();
    return true;
  }

  stop(): void {
    this.queue.stop();
  }
}
