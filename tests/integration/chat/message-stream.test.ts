import type { TChatMessage } from '@curio/shared';
import { describe, expect, startServerPair, test, type ServerPair } from '../../helpers/fixtures.ts';
import { callerFor } from '../../helpers/services.ts';
import { onRealPostgres } from '../../helpers/test-db.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { SubscriptionRecorder, createTestSession, openWsClient } from '../../helpers/ws-client.ts';
import { runInTransaction } from '../../../server/src/db/transaction.ts';
import { notify } from '../../../server/src/domain/notifications/notify.ts';

/**
 * The live message stream (chat.onMessages) across two server processes on one database: what
 * is sent through one process reaches a member subscribed on the other, every message once, in
 * seq order, also when many are sent at the same moment. Needs PostgreSQL's NOTIFY.
 */
describe.skipIf(!onRealPostgres())('chat.onMessages across two processes', () => {
  let servers: ServerPair;

  // two processes: each server has a pool of its own on the file's database
  test.beforeAll(async ({ db }) => {
    servers = await startServerPair(db);
  });

  test.afterAll(() => servers?.close());

  test('60 parallel sends through server B arrive once each, in seq order, on server A', async ({ db }) => {
    const inbox = await insertTestUser(db.db);
    const senders = await Promise.all(Array.from({ length: 6 }, () => insertTestUser(db.db)));
    const callers = await Promise.all(senders.map((s) => callerFor(servers.b.services, s.id)));
    const { cookie } = await createTestSession(db.db, servers.a.services.clock, inbox.id);
    const client = openWsClient(servers.a.url, { cookie });
    try {
      const recorder = new SubscriptionRecorder<TChatMessage>();
      const ready = new SubscriptionRecorder<true>();
      // resuming after seq 0 (the inbox is empty) fixes the starting point, whenever the server reads it
      const subscription = client.trpc.chat.onMessages.subscribe(
        { lastEventId: '0' },
        {
          onStarted: () => ready.push(true),
          onData: (tracked) => recorder.push(tracked.data),
          onError: (error) => recorder.fail(error),
        },
      );
      await ready.waitForValues(1);

      await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          callers[i % callers.length]!.chat.send({ peerId: inbox.id, content: `n${i}`, clientId: `stream-${i}-${inbox.id}` }),
        ),
      );
      const received = await recorder.waitForValues(60, 15_000);
      expect(new Set(received.map((m) => m.id)).size).toBe(60);
      const seqs = received.map((m) => m.seq);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      expect(new Set(received.map((m) => m.content))).toEqual(new Set(Array.from({ length: 60 }, (_, i) => `n${i}`)));
      // nothing more arrives afterwards: a sentinel sent last is the 61st value, not a repeat
      await callers[0]!.chat.send({ peerId: inbox.id, content: 'sentinel', clientId: `stream-sentinel-${inbox.id}` });
      const [sentinel] = (await recorder.waitForValues(61, 15_000)).slice(60);
      expect(sentinel?.content).toBe('sentinel');
      subscription.unsubscribe();
    } finally {
      await client.close();
    }
  });

  test('a notification raised through server B rings the bell subscribed on server A', async ({ db }) => {
    const member = await insertTestUser(db.db);
    const { cookie } = await createTestSession(db.db, servers.a.services.clock, member.id);
    const client = openWsClient(servers.a.url, { cookie });
    try {
      const counts = new SubscriptionRecorder<number>();
      client.trpc.notifications.onUnreadCount.subscribe(undefined, {
        onData: (tracked) => counts.push(tracked.data.count),
        onError: (error) => counts.fail(error),
      });
      expect(await counts.waitForValues(1)).toEqual([0]);
      await runInTransaction(servers.b.services.db, (trx) => notify(trx, { userId: member.id, type: 'order_shipped', params: { title: 'Lamp' } }));
      expect(await counts.waitForValues(2)).toEqual([0, 1]);
    } finally {
      await client.close();
    }
  });

  test('a resumed subscription continues after the last seq it saw, without repeats', async ({ db }) => {
    const inbox = await insertTestUser(db.db);
    const sender = await insertTestUser(db.db);
    const api = await callerFor(servers.b.services, sender.id);
    const first = await api.chat.send({ peerId: inbox.id, content: 'before', clientId: `resume-1-${inbox.id}` });
    await api.chat.send({ peerId: inbox.id, content: 'missed while away', clientId: `resume-2-${inbox.id}` });

    const { cookie } = await createTestSession(db.db, servers.a.services.clock, inbox.id);
    const client = openWsClient(servers.a.url, { cookie });
    try {
      const recorder = new SubscriptionRecorder<TChatMessage>();
      client.trpc.chat.onMessages.subscribe(
        { lastEventId: String(first.message.seq) },
        { onData: (tracked) => recorder.push(tracked.data), onError: (error) => recorder.fail(error) },
      );
      const [missed] = await recorder.waitForValues(1);
      expect(missed?.content).toBe('missed while away');
      await api.chat.send({ peerId: inbox.id, content: 'live', clientId: `resume-3-${inbox.id}` });
      expect((await recorder.waitForValues(2)).map((m) => m.content)).toEqual(['missed while away', 'live']);
    } finally {
      await client.close();
    }
  });
});
