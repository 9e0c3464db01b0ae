import type { TBalances } from '@curio/shared';
import type { EventBus } from '../../realtime/events.ts';
import { UserEventWatch } from '../../realtime/user-event-watch.ts';

export interface WatchBalancesOptions {
  userId: string;
  events: EventBus;
  readBalances: () => Promise<TBalances>;
  /** Aborted when the client unsubscribes or the socket closes. */
  signal?: AbortSignal | undefined;
}

function sameBalances(a: TBalances, b: TBalances): boolean {
  return (
    a.usdnAvailableCents === b.usdnAvailableCents && a.usdnHeldCents === b.usdnHeldCents && a.usdnEscrowCents === b.usdnEscrowCents && a.points === b.points
  );
}

/**
 * Yields the user's balances now, then again whenever a 'balances-changed' event for them
 * arrives and the numbers really differ. Events carry no amounts: every yield is a fresh read,
 * so a lost, late or repeated event can never show a wrong balance, and a burst of events
 * collapses into one read.
 *
 * The listener is released in `finally`, reached on the consumer's return() and, since a
 * generator parked on an await cannot be returned from, when `signal` aborts mid-wait.
 */
export async function* watchBalances(options: WatchBalancesOptions): AsyncGenerator<TBalances, void, undefined> {
  // listen before the first read, so a change committed in between is not missed
  const watch = new UserEventWatch(options.events, options.userId, ['balances-changed'], options.signal);
  try {
    let last: TBalances | null = null;
    do {
      const current = await options.readBalances();
      if (last === null || !sameBalances(current, last)) {
        last = current;
        yield current;
      }
    } while (await watch.next());
  } finally {
    watch.stop();
  }
}
