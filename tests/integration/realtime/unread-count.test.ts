import { afterEach } from 'vitest';
import WebSocket from 'ws';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { insertTestUser, type TestUser } from '../../helpers/users.ts';
import { SubscriptionRecorder, createTestSession, openWsClient, type TestWsClient } from '../../helpers/ws-client.ts';
import type { RunningServer } from '../../../server/src/server.ts';
import { invalidateSession } from '../../../server/src/domain/accounts/sessions.ts';
import { LocalEventBus } from '../../../server/src/realtime/local-event-bus.ts';
import { PgEventBus } from '../../../server/src/realtime/pg-event-bus.ts';
import { WS_PATH } from '../../../server/src/realtime/ws-server.ts';
import { ACCOUNT_BANNED_CLOSE_CODE, ROLE_CHANGED_CLOSE_CODE, SESSION_REVOKED_CLOSE_CODE } from '../../../server/src/realtime/session-sockets.ts';
import { banUser } from '../../../server/src/domain/accounts/ban-user.ts';
import type { AppRouter } from '../../../server/src/trpc/app-router.ts';
import { eventually } from '../../helpers/eventually.ts';
import { settleEvents } from '../../helpers/database-probes.ts';

let server: RunningServer;
const openClients: TestWsClient[] = [];

test.beforeAll(async ({ server: running }) => {
  server = running;
});

afterEach(async () => {
  await Promise.all(openClients.splice(0).map((client) => client.close()));
});

function connect(options: { cookie?: string; origin?: string } = {}): TestWsClient {
  const client = openWsClient(server.url, options);
  openClients.push(client);
  return client;
}

async function sendMessage(from: TestUser, to: TestUser, content = 'hello'): Promise<void> {
  await server.services.db.insertInto('messages').values({ sender_id: from.id, receiver_id: to.id, content }).execute();
  await server.services.events.publish({ type: 'unread-changed', userId: to.id });
}

function subscribeUnread(client: TestWsClient) {
  const recorder = new SubscriptionRecorder<number>();
  const subscription = client.trpc.chat.onUnreadCount.subscribe(undefined, {
    onData: (tracked) => recorder.push(tracked.data.count),
    onError: (error) => recorder.fail(error),
  });
  return { recorder, subscription };
}

function listenerCount(userId: string): number {
  const bus = server.services.events;
  if (bus instanceof LocalEventBus || bus instanceof PgEventBus) return bus.listenerCount(userId);
  throw new Error('unexpected event bus');
}

describe('chat.unreadCount', () => {
  test('counts unread messages received by the caller, not sent or read ones', async ({ db }) => {
    const me = await insertTestUser(db.db);
    const other = await insertTestUser(db.db);
    const { cookie } = await createTestSession(db.db, server.services.clock, me.id);
    await db.db
      .insertInto('messages')
      .values([
        { sender_id: other.id, receiver_id: me.id, content: 'unread 1' },
        { sender_id: other.id, receiver_id: me.id, content: 'unread 2' },
        { sender_id: other.id, receiver_id: me.id, content: 'already read', is_read: true },
        { sender_id: me.id, receiver_id: other.id, content: 'sent by me' },
      ])
      .execute();

    const client = connect({ cookie });
    await expect(client.trpc.chat.unreadCount.query()).resolves.toEqual({ count: 2 });
  });

  test('is refused to a visitor with LOGIN_REQUIRED', async () => {
    const client = connect();
    const error = await client.trpc.chat.unreadCount.query().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCClientError);
    expect((error as TRPCClientError<AppRouter>).data?.appError.code).toBe('LOGIN_REQUIRED');
  });
});

describe('chat.onUnreadCount over the WebSocket', () => {
  test('yields the count at once, then the new count after a message arrives', async ({ db }) => {
    const me = await insertTestUser(db.db);
    const other = await insertTestUser(db.db);
    await sendMessage(other, me, 'before subscribing');
    const { cookie } = await createTestSession(db.db, server.services.clock, me.id);
    const client = connect({ cookie });

    const { recorder, subscription } = subscribeUnread(client);
    expect(await recorder.waitForValues(1)).toEqual([1]);

    await sendMessage(other, me, 'while subscribed');
    expect(await recorder.waitForValues(2)).toEqual([1, 2]);

    await db.db.updateTable('messages').set({ is_read: true }).where('receiver_id', '=', me.id).execute();
    await server.services.events.publish({ type: 'unread-changed', userId: me.id });
    expect(await recorder.waitForValues(3)).toEqual([1, 2, 0]);

    // someone else's messages are not my business: a message to me sent after it (the sentinel)
    // arrives as the very next value, so nothing came in between
    await sendMessage(me, other, 'to the other user');
    await sendMessage(other, me, 'sentinel');
    expect(await recorder.waitForValues(4)).toEqual([1, 2, 0, 1]);
    subscription.unsubscribe();
  });

  test('stops listening on the bus when the client unsubscribes or goes away', async ({ db }) => {
    const me = await insertTestUser(db.db);
    const { cookie } = await createTestSession(db.db, server.services.clock, me.id);
    const client = connect({ cookie });
    const { recorder, subscription } = subscribeUnread(client);
    await recorder.waitForValues(1);
    // one listener for the subscription, one for the socket's session
    expect(listenerCount(me.id)).toBe(2);

    subscription.unsubscribe();
    await eventually(() => listenerCount(me.id) === 1);

    const again = subscribeUnread(client);
    await again.recorder.waitForValues(1);
    expect(listenerCount(me.id)).toBe(2);
    await client.close();
    await eventually(() => listenerCount(me.id) === 0);
  });

  test('a client resuming with the id of the count it already has is sent only changes', async ({ db }) => {
    const me = await insertTestUser(db.db);
    const other = await insertTestUser(db.db);
    await sendMessage(other, me);
    const { cookie } = await createTestSession(db.db, server.services.clock, me.id);
    const client = connect({ cookie });

    const first = subscribeUnread(client);
    await first.recorder.waitForValues(1);
    first.subscription.unsubscribe();

    const recorder = new SubscriptionRecorder<{ id: string; count: number }>();
    const resumed = client.trpc.chat.onUnreadCount.subscribe(
      { lastEventId: 'unread:1' },
      {
        onData: (tracked) => recorder.push({ id: tracked.id, count: tracked.data.count }),
        onError: (error) => recorder.fail(error),
      },
    );
    // the first value it is sent is the change: the count it already had is not repeated
    await sendMessage(other, me);
    expect(await recorder.waitForValues(1)).toEqual([{ id: 'unread:2', count: 2 }]);
    resumed.unsubscribe();
  });

  test('a visitor socket may connect, but the subscription answers LOGIN_REQUIRED', async () => {
    const client = connect();
    const { recorder } = subscribeUnread(client);
    const error = await recorder.waitForError();
    expect(error).toBeInstanceOf(TRPCClientError);
    expect((error as TRPCClientError<AppRouter>).data?.appError.code).toBe('LOGIN_REQUIRED');
    expect(recorder.values).toEqual([]);
  });

  test('an invalid session cookie is treated as a visitor', async () => {
    const client = connect({ cookie: 'curio_session=not-a-real-token' });
    const { recorder } = subscribeUnread(client);
    const error = await recorder.waitForError();
    expect((error as TRPCClientError<AppRouter>).data?.appError.code).toBe('LOGIN_REQUIRED');
  });
});

describe('the WebSocket upgrade', () => {
  function rawUpgrade(origin: string): Promise<number> {
    const url = new URL(WS_PATH, server.url);
    url.protocol = 'ws:';
    const socket = new WebSocket(url, { headers: { origin } });
    return new Promise((resolve, reject) => {
      socket.once('open', () => {
        socket.close();
        resolve(101);
      });
      socket.once('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0);
        socket.terminate();
      });
      socket.once('error', reject);
    });
  }

  test('from our own origin is accepted', async () => {
    expect(await rawUpgrade(new URL(server.url).origin)).toBe(101);
  });

  test('from a foreign origin is refused', async () => {
    expect(await rawUpgrade('https://evil.example')).toBe(403);
  });
});

describe('session revocation', () => {
  test('closes the sockets of the revoked session with 4001 and leaves other sessions open', async ({ db }) => {
    const me = await insertTestUser(db.db);
    const other = await insertTestUser(db.db);
    const laptop = await createTestSession(db.db, server.services.clock, me.id);
    const phone = await createTestSession(db.db, server.services.clock, me.id);
    const laptopClient = connect({ cookie: laptop.cookie });
    const phoneClient = connect({ cookie: phone.cookie });
    const onLaptop = subscribeUnread(laptopClient);
    const onPhone = subscribeUnread(phoneClient);
    await onLaptop.recorder.waitForValues(1);
    await onPhone.recorder.waitForValues(1);

    await invalidateSession(db.db, laptop.sessionId);
    await server.services.events.publish({ type: 'session-revoked', userId: me.id, sessionIds: [laptop.sessionId] });
    expect(await laptopClient.nextClose()).toBe(SESSION_REVOKED_CLOSE_CODE);

    // the phone's session registration and subscription remain; the laptop's are gone
    await eventually(() => listenerCount(me.id) === 2);

    await sendMessage(other, me);
    expect(await onPhone.recorder.waitForValues(2)).toEqual([0, 1]);
    expect(phoneClient.closeCodes).toEqual([]);
  });

  test('a ban closes every socket of the member with the ban’s own code, so the tab can say why', async ({ db }) => {
    const me = await insertTestUser(db.db);
    const admin = await insertTestUser(db.db, { admin: true });
    const clients = [];
    for (let i = 0; i < 2; i += 1) {
      const session = await createTestSession(db.db, server.services.clock, me.id);
      const client = connect({ cookie: session.cookie });
      await subscribeUnread(client).recorder.waitForValues(1);
      clients.push(client);
    }

    await banUser(server.services.db, server.services.events, { userId: me.id, bannedBy: admin.id, reason: 'fraud' });
    for (const client of clients) expect(await client.nextClose()).toBe(ACCOUNT_BANNED_CLOSE_CODE);
  });

  test('a change of the admin role closes that member’s sockets with 4004, and a new socket is signed in with the role as it is now', async ({ db }) => {
    const demoted = await insertTestUser(db.db, { admin: true });
    const promoted = await insertTestUser(db.db);
    const bystander = await insertTestUser(db.db);
    const sessions = {
      demoted: await createTestSession(db.db, server.services.clock, demoted.id),
      promoted: await createTestSession(db.db, server.services.clock, promoted.id),
      bystander: await createTestSession(db.db, server.services.clock, bystander.id),
    };
    const pendingCounts = (client: TestWsClient) => {
      const recorder = new SubscriptionRecorder<unknown>();
      client.trpc.admin.onPendingCounts.subscribe(undefined, { onData: (value) => recorder.push(value), onError: (error) => recorder.fail(error) });
      return recorder;
    };
    const adminClient = connect({ cookie: sessions.demoted.cookie });
    const promotedClient = connect({ cookie: sessions.promoted.cookie });
    const bystanderClient = connect({ cookie: sessions.bystander.cookie });
    await pendingCounts(adminClient).waitForValues(1);
    await subscribeUnread(promotedClient).recorder.waitForValues(1);
    await subscribeUnread(bystanderClient).recorder.waitForValues(1);

    // a change that leaves the role as it was closes nothing
    await db.db.updateTable('profiles').set({ nickname: 'renamed admin' }).where('user_id', '=', demoted.id).execute();
    await settleEvents(server.services);
    expect(adminClient.closeCodes).toEqual([]);

    await db.db.deleteFrom('user_roles').where('user_id', '=', demoted.id).execute();
    await db.db.insertInto('user_roles').values({ user_id: promoted.id, role: 'admin' }).execute();
    expect(await adminClient.nextClose()).toBe(ROLE_CHANGED_CLOSE_CODE);
    expect(await promotedClient.nextClose()).toBe(ROLE_CHANGED_CLOSE_CODE);
    await settleEvents(server.services);
    expect(bystanderClient.closeCodes).toEqual([]);

    // the same cookies on new sockets: the admin stream is refused to one and open to the other
    const refused = await pendingCounts(connect({ cookie: sessions.demoted.cookie })).waitForError();
    expect((refused as TRPCClientError<AppRouter>).data?.appError.code).toBe('ADMIN_REQUIRED');
    await pendingCounts(connect({ cookie: sessions.promoted.cookie })).waitForValues(1);
  });

  test('a reconnect with the revoked cookie gets only a visitor’s socket', async ({ db }) => {
    const me = await insertTestUser(db.db);
    const session = await createTestSession(db.db, server.services.clock, me.id);
    const client = connect({ cookie: session.cookie });
    const { recorder } = subscribeUnread(client);
    await recorder.waitForValues(1);

    await invalidateSession(db.db, session.sessionId);
    await server.services.events.publish({ type: 'session-revoked', userId: me.id, sessionIds: [session.sessionId] });
    expect(await client.nextClose()).toBe(SESSION_REVOKED_CLOSE_CODE);
    // the closed socket's subscription and session registration are gone with it
    await eventually(() => listenerCount(me.id) === 0);

    const retry = connect({ cookie: session.cookie });
    const error = await subscribeUnread(retry).recorder.waitForError();
    expect((error as TRPCClientError<AppRouter>).data?.appError.code).toBe('LOGIN_REQUIRED');
  });
});
