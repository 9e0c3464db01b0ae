import { afterEach } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { createEventBus } from '../../../server/src/realtime/create-event-bus.ts';
import { LocalEventBus } from '../../../server/src/realtime/local-event-bus.ts';
import { PgEventBus } from '../../../server/src/realtime/pg-event-bus.ts';
import type { EventBus, RealtimeEvent } from '../../../server/src/realtime/events.ts';
import { eventually } from '../../helpers/eventually.ts';

function recorder(bus: EventBus, userId: string) {
  const seen: RealtimeEvent[] = [];
  const unsubscribe = bus.subscribe(userId, (event) => seen.push(event));
  return { userId, seen, unsubscribe };
}

describe('LocalEventBus on its own', () => {
  test('delivers to the subscribers of that user only, until they unsubscribe', async () => {
    const bus = new LocalEventBus();
    const alice = randomUUID();
    const bob = randomUUID();
    const a1 = recorder(bus, alice);
    const a2 = recorder(bus, alice);
    const b = recorder(bus, bob);

    await bus.publish({ type: 'unread-changed', userId: alice });
    expect(a1.seen).toEqual([{ type: 'unread-changed', userId: alice }]);
    expect(a2.seen).toHaveLength(1);
    expect(b.seen).toHaveLength(0);
    expect(bus.listenerCount(alice)).toBe(2);

    a1.unsubscribe();
    await bus.publish({ type: 'balances-changed', userId: alice });
    expect(a1.seen).toHaveLength(1);
    expect(a2.seen.map((e) => e.type)).toEqual(['unread-changed', 'balances-changed']);
    expect(bus.listenerCount(alice)).toBe(1);

    a2.unsubscribe();
    b.unsubscribe();
    expect(bus.subscribedUserIds()).toEqual([]);
    await bus.close();
  });

  test('a throwing subscriber does not keep the event from the others', async () => {
    const bus = new LocalEventBus();
    const userId = randomUUID();
    bus.subscribe(userId, () => {
      throw new Error('subscriber bug');
    });
    const other = recorder(bus, userId);
    const originalError = console.error;
    console.error = () => {};
    try {
      await bus.publish({ type: 'unread-changed', userId });
    } finally {
      console.error = originalError;
    }
    expect(other.seen).toHaveLength(1);
    await bus.close();
  });

  test('refuses malformed events instead of delivering them', async () => {
    const bus = new LocalEventBus();
    const seen = recorder(bus, 'not-a-uuid');
    await expect(bus.publish({ type: 'unread-changed', userId: 'not-a-uuid' })).rejects.toThrow();
    await expect(bus.publish({ type: 'session-revoked', userId: randomUUID(), sessionIds: ['plain-token-not-a-hash'] })).rejects.toThrow();
    expect(seen.seen).toHaveLength(0);
    await bus.close();
  });
});

describe('the bus the server builds for this database', () => {
  let bus: EventBus;

  test.beforeEach(async ({ db }) => {
    bus = await createEventBus(db);
  });
  afterEach(async () => {
    await bus.close();
  });

  test('is PgEventBus on PostgreSQL and a PGlite-backed LocalEventBus otherwise', ({ db }) => {
    expect(bus).toBeInstanceOf(db.kind === 'postgres' ? PgEventBus : LocalEventBus);
  });

  test('publish reaches the user’s subscribers and nobody else', async () => {
    const userId = randomUUID();
    const mine = recorder(bus, userId);
    const someoneElse = recorder(bus, randomUUID());
    await bus.publish({ type: 'balances-changed', userId });
    await eventually(() => mine.seen.length === 1);
    // the sentinel, sent after: the other user's first event must be this one
    await bus.publish({ type: 'unread-changed', userId: someoneElse.userId });
    await eventually(() => someoneElse.seen.length === 1);
    expect(someoneElse.seen.map((e) => e.type)).toEqual(['unread-changed']);
    expect(mine.seen).toEqual([{ type: 'balances-changed', userId }]);
  });

  test('publishInTransaction delivers only after commit, and nothing on rollback', async ({ db }) => {
    const userId = randomUUID();
    const mine = recorder(bus, userId);

    await db.db.transaction().execute(async (trx) => {
      await bus.publishInTransaction(trx, { type: 'unread-changed', userId });
      // the sentinel, published outside the open transaction, arrives while the other waits
      await bus.publish({ type: 'notifications-changed', userId });
      await eventually(() => mine.seen.length === 1);
      expect(mine.seen.map((e) => e.type)).toEqual(['notifications-changed']);
    });
    await eventually(() => mine.seen.length === 2);

    await expect(
      db.db.transaction().execute(async (trx) => {
        await bus.publishInTransaction(trx, { type: 'balances-changed', userId });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await bus.publish({ type: 'unread-changed', userId });
    await eventually(() => mine.seen.length === 3);
    // the rolled-back balances-changed never came: the event published after it is next
    expect(mine.seen.map((e) => e.type)).toEqual(['notifications-changed', 'unread-changed', 'unread-changed']);
  });

  test('a revocation of more sessions than one NOTIFY holds arrives complete', async () => {
    const userId = randomUUID();
    const mine = recorder(bus, userId);
    const sessionIds = Array.from({ length: 250 }, () => randomBytes(32).toString('hex'));
    await bus.publish({ type: 'session-revoked', userId, sessionIds });
    const delivered = () => mine.seen.flatMap((event) => (event.type === 'session-revoked' ? event.sessionIds : []));
    await eventually(() => delivered().length === sessionIds.length);
    expect(delivered()).toEqual(sessionIds);
  });

  test('after unsubscribing a listener gets nothing more', async () => {
    const userId = randomUUID();
    const mine = recorder(bus, userId);
    const stillListening = recorder(bus, userId);
    mine.unsubscribe();
    await bus.publish({ type: 'unread-changed', userId });
    // the same event reached the listener that stayed, so it was delivered, just not to `mine`
    await eventually(() => stillListening.seen.length === 1);
    expect(mine.seen).toEqual([]);
  });
});
