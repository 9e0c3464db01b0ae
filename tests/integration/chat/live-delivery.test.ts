import type { TChatMessage } from '@curio/shared';
import { describe, expect, startServerPair, test, type ServerPair } from '../../helpers/fixtures.ts';
import { callerFor, type TestServices } from '../../helpers/services.ts';
import { onRealPostgres } from '../../helpers/test-db.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { SubscriptionRecorder, createTestSession, openWsClient } from '../../helpers/ws-client.ts';
import { liveMessages, liveUnreadCount, type LiveItem } from '../../../server/src/domain/chat/live-streams.ts';
import { latestSeqOf } from '../../../server/src/domain/chat/latest-seq.ts';
import { encodeEvent, MAX_EVENT_PAYLOAD_BYTES } from '../../../server/src/realtime/events.ts';

/**
 * The chat stream and badge deliver from what an event carries when it follows the subscriber's
 * position, and re-read whenever it does not (ADR 0037).
 */

/** Pulls values from a live generator; each `take` waits for the next n, `quiet` checks that none is coming. */
function pull<T>(stream: AsyncGenerator<LiveItem<T>, void>) {
  const values: T[] = [];
  // a next() that `quiet` started and nothing answered yet: the following take receives its value
  let pending: Promise<IteratorResult<LiveItem<T>, void>> | null = null;
  const next = () => {
    const promise = pending ?? stream.next();
    pending = null;
    return promise;
  };
  return {
    values,
    async take(n: number, timeoutMs = 5_000): Promise<T[]> {
      const taken: T[] = [];
      for (let i = 0; i < n; i++) {
        const waiting = next();
        let timer: NodeJS.Timeout | undefined;
        const result = await Promise.race([
          waiting,
          new Promise<'timeout'>((resolve) => {
            timer = setTimeout(() => resolve('timeout'), timeoutMs);
          }),
        ]);
        clearTimeout(timer);
        if (result === 'timeout') {
          pending = waiting;
          throw new Error(`only ${taken.length} of ${n} values arrived`);
        }
        if (result.done) throw new Error('the stream ended');
        values.push(result.value.value);
        taken.push(result.value.value);
      }
      return taken;
    },
    /** True when nothing arrives within `ms`; a value that does arrive is kept for the next take. */
    async quiet(ms = 150): Promise<boolean> {
      const waiting = next();
      let timer: NodeJS.Timeout | undefined;
      const result = await Promise.race([
        waiting.then(() => 'value' as const),
        new Promise<'quiet'>((resolve) => {
          timer = setTimeout(() => resolve('quiet'), ms);
        }),
      ]);
      clearTimeout(timer);
      pending = waiting;
      return result === 'quiet';
    },
  };
}

function streamsFor(services: TestServices, memberId: string, lastEventId: string | null = null) {
  const controller = new AbortController();
  const source = { db: services.db, events: services.events, memberId, lastEventId, signal: controller.signal };
  return { source, stop: () => controller.abort() };
}

/** A message that exists only in an event, to tell delivery from the event apart from a read. */
function fakeMessage(from: string, to: string, seq: number): TChatMessage {
  return {
    id: crypto.randomUUID(),
    seq,
    senderId: from,
    receiverId: to,
    content: `only in the event ${seq}`,
    hasViolation: false,
    isRead: false,
    orderId: null,
    listingId: null,
    createdAt: new Date(),
  };
}

async function storedThread(services: TestServices, memberId: string, peerId: string): Promise<TChatMessage[]> {
  const api = await callerFor(services, memberId);
  return (await api.chat.thread({ peerId })).items;
}

describe('chat.onMessages delivers from the event', () => {
  test('a message whose event follows the cursor is delivered as the event carries it, equal to the stored row', async ({ services, member }) => {
    const alice = await member();
    const bob = await member();
    const { source, stop } = streamsFor(services, bob.id, '0');
    const stream = pull(liveMessages(source));
    try {
      expect(await stream.quiet()).toBe(true);
      await alice.api.chat.send({ peerId: bob.id, content: 'first', clientId: `payload-1-${bob.id}` });
      await alice.api.chat.send({ peerId: bob.id, content: 'zweite 💬 nachricht', clientId: `payload-2-${bob.id}` });
      const delivered = await stream.take(2);
      expect(delivered).toEqual(await storedThread(services, bob.id, alice.id));

      // an event that follows the cursor is trusted without a read: this message exists nowhere else
      const cursor = delivered[1]!.seq;
      const fake = fakeMessage(alice.id, bob.id, cursor + 1_000_000);
      await services.events.publish({ type: 'messages-changed', userId: bob.id, message: fake, prevSeq: cursor });
      expect(await stream.take(1)).toEqual([fake]);
    } finally {
      stop();
    }
  });

  test('an event whose prevSeq is not the cursor re-reads, and its own message is not delivered', async ({ services, member }) => {
    const alice = await member();
    const bob = await member();
    const { source, stop } = streamsFor(services, bob.id);
    const stream = pull(liveMessages(source));
    try {
      expect(await stream.quiet()).toBe(true);
      // two messages stored without any event (as if their events were lost)
      await services.db
        .insertInto('messages')
        .values([
          { sender_id: alice.id, receiver_id: bob.id, content: 'lost 1' },
          { sender_id: bob.id, receiver_id: alice.id, content: 'lost 2' },
        ])
        .execute();
      const latest = await latestSeqOf(services.db, bob.id);
      await services.events.publish({
        type: 'messages-changed',
        userId: bob.id,
        message: fakeMessage(alice.id, bob.id, latest + 10),
        prevSeq: latest + 5,
      });
      expect((await stream.take(2)).map((m) => m.content)).toEqual(['lost 1', 'lost 2']);
      // the next real send follows the cursor again and arrives straight after
      await alice.api.chat.send({ peerId: bob.id, content: 'after the gap', clientId: `gap-1-${bob.id}` });
      expect((await stream.take(1)).map((m) => m.content)).toEqual(['after the gap']);
      expect(stream.values.map((m) => m.seq)).toEqual((await storedThread(services, bob.id, alice.id)).map((m) => m.seq));
      expect(await stream.quiet()).toBe(true);
    } finally {
      stop();
    }
  });

  test('a lost event is noticed at the next one: every message still arrives once, in seq order', async ({ services, member }) => {
    const alice = await member();
    const bob = await member();
    const carol = await member();
    const { source, stop } = streamsFor(services, bob.id);
    const stream = pull(liveMessages(source));
    try {
      expect(await stream.quiet()).toBe(true);
      await alice.api.chat.send({ peerId: bob.id, content: 'one', clientId: `lost-1-${bob.id}` });
      await services.db.insertInto('messages').values({ sender_id: carol.id, receiver_id: bob.id, content: 'event lost' }).execute();
      await alice.api.chat.send({ peerId: bob.id, content: 'three', clientId: `lost-3-${bob.id}` });
      const delivered = await stream.take(3);
      expect(delivered.map((m) => m.content)).toEqual(['one', 'event lost', 'three']);
      expect(delivered.map((m) => m.seq)).toEqual([...delivered.map((m) => m.seq)].sort((a, b) => a - b));
      // the re-read already delivered 'three': its own event is not delivered again
      expect(await stream.quiet()).toBe(true);
    } finally {
      stop();
    }
  });

  test('an ids-only event (a message too large for a payload, a delivery gap) re-reads', async ({ services, member }) => {
    const alice = await member();
    const bob = await member();
    const huge = '𝄞'.repeat(2000);
    const [payload] = encodeEvent({ type: 'messages-changed', userId: bob.id, message: { ...fakeMessage(alice.id, bob.id, 5), content: huge }, prevSeq: 4 });
    expect(Buffer.byteLength(payload!, 'utf8')).toBeLessThanOrEqual(MAX_EVENT_PAYLOAD_BYTES);
    expect(JSON.parse(payload!)).not.toHaveProperty('message');

    const { source, stop } = streamsFor(services, bob.id);
    const stream = pull(liveMessages(source));
    try {
      expect(await stream.quiet()).toBe(true);
      await services.db.insertInto('messages').values({ sender_id: alice.id, receiver_id: bob.id, content: huge }).execute();
      await services.events.publish({ type: 'messages-changed', userId: bob.id });
      expect((await stream.take(1)).map((m) => m.content)).toEqual([huge]);
    } finally {
      stop();
    }
  });
});

describe('chat.onUnreadCount moves by deltas', () => {
  test('sends add one from their events, mark-read sets the count, a gap recounts', async ({ services, member }) => {
    const alice = await member();
    const bob = await member();
    const { source, stop } = streamsFor(services, bob.id);
    const badge = pull(liveUnreadCount(source));
    try {
      expect(await badge.take(1)).toEqual([{ count: 0 }]);
      await alice.api.chat.send({ peerId: bob.id, content: 'a', clientId: `badge-1-${bob.id}` });
      expect(await badge.take(1)).toEqual([{ count: 1 }]);
      // bob's own message moves his position but not his count: nothing is sent
      await bob.api.chat.send({ peerId: alice.id, content: 'b', clientId: `badge-2-${bob.id}` });
      await alice.api.chat.send({ peerId: bob.id, content: 'c', clientId: `badge-3-${bob.id}` });
      expect(await badge.take(1)).toEqual([{ count: 2 }]);

      // the delta is the event's: a message that exists only in an event still counts
      const latest = await latestSeqOf(services.db, bob.id);
      await services.events.publish({ type: 'messages-changed', userId: bob.id, message: fakeMessage(alice.id, bob.id, latest + 1_000_000), prevSeq: latest });
      expect(await badge.take(1)).toEqual([{ count: 3 }]);

      // mark-read carries the new count, true at a position the badge is not at (the fake): it recounts
      await bob.api.chat.markRead({ peerId: alice.id });
      expect(await badge.take(1)).toEqual([{ count: 0 }]);

      // a message stored without an event, then a send: the send's prevSeq does not follow, so it recounts
      await services.db.insertInto('messages').values({ sender_id: alice.id, receiver_id: bob.id, content: 'silent' }).execute();
      await alice.api.chat.send({ peerId: bob.id, content: 'd', clientId: `badge-4-${bob.id}` });
      expect(await badge.take(1)).toEqual([{ count: 2 }]);
      expect(await badge.quiet()).toBe(true);
    } finally {
      stop();
    }
  });

  test('a mark-read event at the badge position sets the count without a recount', async ({ services, member }) => {
    const alice = await member();
    const bob = await member();
    await alice.api.chat.send({ peerId: bob.id, content: 'x', clientId: `mark-1-${bob.id}` });
    const { source, stop } = streamsFor(services, bob.id);
    const badge = pull(liveUnreadCount(source));
    try {
      expect(await badge.take(1)).toEqual([{ count: 1 }]);
      const atSeq = await latestSeqOf(services.db, bob.id);
      // a count the database does not hold: only the event can have set it
      await services.events.publish({ type: 'unread-changed', userId: bob.id, count: 7, atSeq });
      expect(await badge.take(1)).toEqual([{ count: 7 }]);
      // the same event at another position is not trusted: the count is read again
      await services.events.publish({ type: 'unread-changed', userId: bob.id, count: 9, atSeq: atSeq + 1 });
      expect(await badge.take(1)).toEqual([{ count: 1 }]);
      await bob.api.chat.markRead({ peerId: alice.id });
      expect(await badge.take(1)).toEqual([{ count: 0 }]);
    } finally {
      stop();
    }
  });
});

/**
 * Two processes send to the same member at once, while that member sends too: each event's prevSeq
 * is taken under both parties' locks, so the subscriber on a third connection gets every message
 * once, in seq order, mostly straight from the events.
 */
describe.skipIf(!onRealPostgres())('racing senders on two processes (real PostgreSQL)', () => {
  let servers: ServerPair;

  test.beforeAll(async ({ db }) => {
    servers = await startServerPair(db);
  });

  test.afterAll(() => servers?.close());

  test('everything to and from one member arrives once, in seq order, with a correct badge', async ({ db }) => {
    const inbox = await insertTestUser(db.db);
    const others = await Promise.all(Array.from({ length: 4 }, () => insertTestUser(db.db)));
    const viaA = await Promise.all(others.map((o) => callerFor(servers.a.services, o.id)));
    const viaB = await Promise.all(others.map((o) => callerFor(servers.b.services, o.id)));
    const inboxApi = await callerFor(servers.b.services, inbox.id);
    const { cookie } = await createTestSession(db.db, servers.a.services.clock, inbox.id);
    const client = openWsClient(servers.a.url, { cookie });
    try {
      const recorder = new SubscriptionRecorder<TChatMessage>();
      const badge = new SubscriptionRecorder<number>();
      const ready = new SubscriptionRecorder<true>();
      client.trpc.chat.onMessages.subscribe(
        { lastEventId: '0' },
        { onStarted: () => ready.push(true), onData: (tracked) => recorder.push(tracked.data), onError: (error) => recorder.fail(error) },
      );
      client.trpc.chat.onUnreadCount.subscribe(undefined, { onData: (tracked) => badge.push(tracked.data.count), onError: (error) => badge.fail(error) });
      await ready.waitForValues(1);
      expect(await badge.waitForValues(1)).toEqual([0]);

      const sends: Array<Promise<unknown>> = [];
      for (let i = 0; i < 30; i++) {
        const k = i % others.length;
        sends.push(viaA[k]!.chat.send({ peerId: inbox.id, content: `a${i}`, clientId: `race-a-${i}-${inbox.id}` }));
        sends.push(viaB[k]!.chat.send({ peerId: inbox.id, content: `b${i}`, clientId: `race-b-${i}-${inbox.id}` }));
        if (i % 3 === 0) sends.push(inboxApi.chat.send({ peerId: others[k]!.id, content: `out${i}`, clientId: `race-out-${i}-${inbox.id}` }));
      }
      await Promise.all(sends);
      const received = await recorder.waitForValues(sends.length, 20_000);
      const stored = await db.db
        .selectFrom('messages')
        .select(['id', 'seq'])
        .where((eb) => eb.or([eb('sender_id', '=', inbox.id), eb('receiver_id', '=', inbox.id)]))
        .orderBy('seq')
        .execute();
      expect(received.map((m) => m.id)).toEqual(stored.map((row) => row.id));
      await expect.poll(() => badge.values.at(-1), { timeout: 10_000 }).toBe(60);
    } finally {
      await client.close();
    }
  });
});
