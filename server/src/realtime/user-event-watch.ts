import type { EventBus, RealtimeEvent } from './events.ts';

/**
 * Turns bus events about one user into "something changed, re-read" wake-ups for a
 * subscription's async generator. It listens from construction on, so a procedure that
 * creates it before reading the current state cannot miss a change made in between; a burst
 * of events while the reader is busy collapses into one wake-up, since each read is a full
 * re-read anyway. Aborting `signal` (the client went away) ends it, even mid-wait.
 */
export class UserEventWatch {
  private pending = false;
  private stopped = false;
  private wake: (() => void) | null = null;
  private readonly unsubscribe: () => void;
  private readonly onAbort = () => this.stop();
  private readonly signal: AbortSignal | undefined;

  constructor(events: EventBus, userId: string, types: readonly RealtimeEvent['type'][], signal?: AbortSignal) {
    this.signal = signal;
    this.unsubscribe = events.subscribe(userId, (event) => {
      if (!types.includes(event.type)) return;
      this.pending = true;
      this.wake?.();
    });
    if (signal?.aborted) this.stop();
    else signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  /** Resolves true once a matching event arrived since the last call; false when stopped. */
  async next(): Promise<boolean> {
    while (!this.stopped) {
      if (this.pending) {
        this.pending = false;
        return true;
      }
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
      this.wake = null;
    }
    return false;
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.unsubscribe();
    this.signal?.removeEventListener('abort', this.onAbort);
    this.wake?.();
  }
}
