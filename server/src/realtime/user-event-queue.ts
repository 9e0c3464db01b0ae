import type { EventBus, RealtimeEvent } from './events.ts';

/** Past this many unread events a subscriber is far behind: they collapse into one "re-read". */
const MAX_QUEUED = 256;

/**
 * The events about one user, kept in arrival order, for a subscription that can act on what an
 * event carries (the chat stream and badge, ADR 0037); UserEventWatch is the same for one that
 * only re-reads. It listens from
 * construction on, so a procedure that creates it before reading the current state cannot miss a
 * change made in between. If the reader falls far behind, the queue is replaced by one ids-only
 * event of the first queued type, which tells the reader to re-read. Aborting `signal` ends it.
 */
export class UserEventQueue {
  private queue: RealtimeEvent[] = [];
  private stopped = false;
  private wake: (() => void) | null = null;
  private readonly unsubscribe: () => void;
  private readonly onAbort = () => this.stop();
  private readonly signal: AbortSignal | undefined;

  constructor(events: EventBus, userId: string, types: readonly RealtimeEvent['type'][], signal?: AbortSignal) {
    this.signal = signal;
    this.unsubscribe = events.subscribe(userId, (event) => {
      if (!types.includes(event.type)) return;
      if (this.queue.length >= MAX_QUEUED) {
        const first = this.queue[0]!;
        this.queue = [{ type: first.type, userId: first.userId } as RealtimeEvent];
      } else {
        this.queue.push(event);
      }
      this.wake?.();
    });
    if (signal?.aborted) this.stop();
    else signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  /** The next event, waiting for one if none is queued; null once stopped. */
  async next(): Promise<RealtimeEvent | null> {
    while (!this.stopped) {
      const event = this.queue.shift();
      if (event) return event;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
      this.wake = null;
    }
    return null;
  }

  /** Drops what is queued: for a reader whose next read covers it (UserEventWatch). */
  clear(): void {
    this.queue = [];
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.queue = [];
    this.unsubscribe();
    this.signal?.removeEventListener('abort', this.onAbort);
    this.wake?.();
  }
}
