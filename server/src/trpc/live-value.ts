import { tracked } from '@trpc/server';
import type { EventBus, RealtimeEvent } from '../realtime/events.ts';
import { UserEventWatch } from '../realtime/user-event-watch.ts';

export interface LiveValueSource<T> {
  events: EventBus;
  /** Whose events wake the stream: a member's id, or a shared topic such as the admin queue. */
  topic: string;
  types: readonly RealtimeEvent['type'][];
  signal: AbortSignal | undefined;
  /** The id the client last received (tRPC passes it back on reconnect). */
  lastEventId: string | null | undefined;
  read: () => Promise<T>;
  /** The tracked id of a value: equal values must give equal ids. */
  idOf: (value: T) => string;
}

/**
 * A subscription's stream of one live value (a badge count, the console's queue counts): the
 * value at once, then again whenever one of `types` is published for `topic` and the value
 * changed. Each wake-up re-reads, so a lost or doubled event cannot leave a wrong number. The
 * tracked id is derived from the value, so a client that reconnects while the value stayed the
 * same is sent nothing, and one that missed a change gets the new value straight away.
 */
export async function* liveValue<T>(source: LiveValueSource<T>) {
  // listen before the first read, so a change in between is not missed
  const watch = new UserEventWatch(source.events, source.topic, source.types, source.signal);
  try {
    let lastSentId = source.lastEventId ?? null;
    do {
      const value = await source.read();
      const id = source.idOf(value);
      if (id !== lastSentId) {
        lastSentId = id;
        yield tracked(id, value);
      }
    } while (await watch.next());
  } finally {
    watch.stop();
  }
}
