import { inject } from 'vitest';
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { describe, expect, startServerPair, test, type ServerPair } from '../../helpers/fixtures.ts';
import { onRealPostgres, NEEDS_POSTGRES, type TestDatabase } from '../../helpers/test-db.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { SubscriptionRecorder, createTestSession, openWsClient } from '../../helpers/ws-client.ts';
import { openDatabase, type DbHandle } from '../../../server/src/db/database.ts';
import { invalidateSession } from '../../../server/src/domain/accounts/sessions.ts';
import { LISTENER_APPLICATION_NAME, PgEventBus } from '../../../server/src/realtime/pg-event-bus.ts';
import { SESSION_REVOKED_CLOSE_CODE } from '../../../server/src/realtime/session-sockets.ts';
import { EVENTS_CHANNEL, REFRESH_EVENT_TYPES, notifyThroughDatabase, type RealtimeEvent } from '../../../server/src/realtime/events.ts';
import { eventBusReconnects } from '../../../server/src/observability/metrics.ts';
import type { Database } from '../../../server/src/db/schema.ts';
import { eventually } from '../../helpers/eventually.ts';

/**
 * Cross-process fan-out (engineering rule E-9): two servers on one PostgreSQL database, each with
 * its own pool and LISTEN connection, deliver each other's events. PGlite's NOTIFY never
 * leaves its process, so all of this needs real PostgreSQL. Both blocks use the file's database
 * (the `db` fixture) through pools of their own, as two processes would.
 */
const realPostgres = onRealPostgres();
if (!realPostgres) console.warn(`[realtime] two-instance tests skipped: ${NEEDS_POSTGRES}`);

/** curio_event_bus_reconnects_total of this process (both test servers share it). */
async function reconnectCount(): Promise<number> {
  return (await eventBusReconnects.get()).values[0]?.value ?? 0;
}

/** Kills LISTEN connections from the server side, as a failover or restart would. */
async function terminateListeners(db: Kysely<Database>, applicationName = LISTENER_APPLICATION_NAME): Promise<number> {
  // in the select list, so it only runs for rows the WHERE clause kept
  const { rows } = await sql<{ terminated: boolean }>`
    SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity
    WHERE application_name = ${applicationName} AND datname = current_database()
  `.execute(db);
  return rows.length;
}

/** A raw NOTIFY, as anything with access to the database could send it. */
async function rawNotify(db: Kysely<Database>, payload: string): Promise<void> {
  await sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${payload})`.execute(db);
}

describe.skipIf(!realPostgres)('two server processes on one database', () => {
  let testDb: TestDatabase;
  let servers: ServerPair;

  test.beforeAll(async ({ db }) => {
    testDb = db;
    servers = await startServerPair(db);
  });

  // the two servers and their pools are this block's own; the database is the fixture's
  test.afterAll(() => servers?.close());

  test('each server listens through PostgreSQL', () => {
    expect(servers.a.services.events).toBeInstanceOf(PgEventBus);
    expect(servers.b.services.events).toBeInstanceOf(PgEventBus);
    expect(servers.a.services.events).not.toBe(servers.b.services.events);
  });

  test('a message raised through server B updates the unread badge subscribed on server A', async () => {
    const reader = await insertTestUser(testDb.db);
    const writer = await insertTestUser(testDb.db);
    const { cookie } = await createTestSession(testDb.db, servers.a.services.clock, reader.id);
    const client = openWsClient(servers.a.url, { cookie });
    try {
      const recorder = new SubscriptionRecorder<number>();
      const subscription = client.trpc.chat.onUnreadCount.subscribe(undefined, {
        onData: (tracked) => recorder.push(tracked.data.count),
        onError: (error) => recorder.fail(error),
      });
      expect(await recorder.waitForValues(1)).toEqual([0]);

      await servers.b.services.db.insertInto('messages').values({ sender_id: writer.id, receiver_id: reader.id, content: 'from the other process' }).execute();
      await servers.b.services.events.publish({ type: 'unread-changed', userId: reader.id });

      expect(await recorder.waitForValues(2)).toEqual([0, 1]);
      subscription.unsubscribe();
    } finally {
      await client.close();
    }
  });

  test('a session revoked through server B closes its socket on server A', async () => {
    const user = await insertTestUser(testDb.db);
    const session = await createTestSession(testDb.db, servers.a.services.clock, user.id);
    const client = openWsClient(servers.a.url, { cookie: session.cookie });
    try {
      const recorder = new SubscriptionRecorder<number>();
      client.trpc.chat.onUnreadCount.subscribe(undefined, { onData: (t) => recorder.push(t.data.count) });
      await recorder.waitForValues(1);

      await invalidateSession(servers.b.services.db, session.sessionId);
      await servers.b.services.events.publish({ type: 'session-revoked', userId: user.id, sessionIds: [session.sessionId] });
      expect(await client.nextClose()).toBe(SESSION_REVOKED_CLOSE_CODE);
    } finally {
      await client.close();
    }
  });

  test('after its LISTEN connection drops, a server reconnects, counts it and catches up', async () => {
    const reconnectsBefore = await reconnectCount();
    const reader = await insertTestUser(testDb.db);
    const writer = await insertTestUser(testDb.db);
    const revokedUser = await insertTestUser(testDb.db);
    const readerSession = await createTestSession(testDb.db, servers.a.services.clock, reader.id);
    const doomedSession = await createTestSession(testDb.db, servers.a.services.clock, revokedUser.id);
    const readerClient = openWsClient(servers.a.url, { cookie: readerSession.cookie });
    const doomedClient = openWsClient(servers.a.url, { cookie: doomedSession.cookie });
    try {
      const recorder = new SubscriptionRecorder<number>();
      readerClient.trpc.chat.onUnreadCount.subscribe(undefined, { onData: (t) => recorder.push(t.data.count) });
      const doomed = new SubscriptionRecorder<number>();
      doomedClient.trpc.chat.onUnreadCount.subscribe(undefined, { onData: (t) => doomed.push(t.data.count) });
      await recorder.waitForValues(1);
      await doomed.waitForValues(1);

      expect(await terminateListeners(testDb.db)).toBe(2);
      await eventually(() => !(servers.a.services.events as PgEventBus).listening);

      // changes made while A is deaf: their events are lost for A
      await servers.b.services.db.insertInto('messages').values({ sender_id: writer.id, receiver_id: reader.id, content: 'sent during the outage' }).execute();
      await servers.b.services.events.publish({ type: 'unread-changed', userId: reader.id });
      await invalidateSession(servers.b.services.db, doomedSession.sessionId);
      await servers.b.services.events.publish({
        type: 'session-revoked',
        userId: revokedUser.id,
        sessionIds: [doomedSession.sessionId],
      });
      // the first reconnect waits 250 ms, so all of the above happened while A was deaf
      expect((servers.a.services.events as PgEventBus).listening).toBe(false);

      await eventually(() => (servers.a.services.events as PgEventBus).listening);
      // counted in the same step that sets the listener (its log lines are checked with a logger of the test's own below)
      expect(await reconnectCount()).toBeGreaterThan(reconnectsBefore);
      // the re-announcement after the gap brings the badge up to date …
      expect(await recorder.waitForValues(2)).toEqual([0, 1]);
      // … and the sessions table, re-read, closes the socket whose revocation was missed
      expect(await doomedClient.nextClose()).toBe(SESSION_REVOKED_CLOSE_CODE);

      // and live delivery works again
      await servers.b.services.db.insertInto('messages').values({ sender_id: writer.id, receiver_id: reader.id, content: 'after the outage' }).execute();
      await servers.b.services.events.publish({ type: 'unread-changed', userId: reader.id });
      expect(await recorder.waitForValues(3)).toEqual([0, 1, 2]);
    } finally {
      await readerClient.close();
      await doomedClient.close();
    }
  });
});

describe.skipIf(!realPostgres)('PgEventBus between two processes', () => {
  let testDb: TestDatabase;
  let handleA: DbHandle;
  let handleB: DbHandle;

  test.beforeAll(async ({ db }) => {
    testDb = db;
    handleA = await openDatabase({ kind: 'postgres', url: testDb.url!, poolSize: 2 });
    handleB = await openDatabase({ kind: 'postgres', url: testDb.url!, poolSize: 2 });
  });

  // the pools are this block's own; the database is the fixture's
  test.afterAll(async () => {
    await handleA?.close();
    await handleB?.close();
  });

  test('balances-changed published on bus A arrives on bus B, and once on A itself', async () => {
    const busA = await PgEventBus.create(handleA.db, testDb.url!);
    const busB = await PgEventBus.create(handleB.db, testDb.url!);
    try {
      const userId = randomUUID();
      const onA: RealtimeEvent[] = [];
      const onB: RealtimeEvent[] = [];
      busA.subscribe(userId, (event) => onA.push(event));
      busB.subscribe(userId, (event) => onB.push(event));

      await busA.publish({ type: 'balances-changed', userId });
      // a sentinel published after it: each bus's second event must be the sentinel, not a copy
      await busA.publish({ type: 'unread-changed', userId });
      await eventually(() => onA.length === 2 && onB.length === 2);
      const once = [
        { type: 'balances-changed', userId },
        { type: 'unread-changed', userId },
      ];
      expect(onB).toEqual(once);
      expect(onA).toEqual(once);
    } finally {
      await busA.close();
      await busB.close();
    }
  });

  test('a transaction’s event reaches the other process only when it commits', async () => {
    const busA = await PgEventBus.create(handleA.db, testDb.url!);
    const busB = await PgEventBus.create(handleB.db, testDb.url!);
    try {
      const userId = randomUUID();
      const onB: RealtimeEvent[] = [];
      busB.subscribe(userId, (event) => onB.push(event));

      await expect(
        handleA.db.transaction().execute(async (trx) => {
          await busA.publishInTransaction(trx, { type: 'balances-changed', userId });
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      await handleA.db.transaction().execute(async (trx) => {
        await busA.publishInTransaction(trx, { type: 'unread-changed', userId });
      });
      // the committed event, published after the rolled-back one, is the first to arrive
      await eventually(() => onB.length === 1);
      expect(onB).toEqual([{ type: 'unread-changed', userId }]);
    } finally {
      await busA.close();
      await busB.close();
    }
  });

  test('malformed notifications on the channel are ignored, not delivered', async () => {
    const warnings: string[] = [];
    const logger = { info: () => {}, error: () => {}, warn: (line: string) => warnings.push(line) };
    const bus = await PgEventBus.create(handleA.db, testDb.url!, { logger });
    try {
      const userId = randomUUID();
      const seen: RealtimeEvent[] = [];
      bus.subscribe(userId, (event) => seen.push(event));
      for (const payload of ['not json', JSON.stringify({ type: 'unread-changed' }), JSON.stringify({ type: 'drop-tables', userId })]) {
        await rawNotify(handleB.db, payload);
      }
      await bus.publish({ type: 'unread-changed', userId });
      await eventually(() => seen.length === 1);
      expect(seen).toEqual([{ type: 'unread-changed', userId }]);
      expect(warnings.filter((line) => line.includes('malformed'))).toHaveLength(3);
    } finally {
      await bus.close();
    }
  });

  test('an announcement on its own sets its commit not to wait for the disk for itself alone: the connection is left as it was found', async () => {
    const single = await openDatabase({ kind: 'postgres', url: testDb.url!, poolSize: 1 });
    try {
      const setting = async (executor: Kysely<Database>) =>
        (await sql<{ value: string }>`SELECT current_setting('synchronous_commit') AS value`.execute(executor)).rows[0]!.value;
      await notifyThroughDatabase(single.db, { type: 'unread-changed', userId: randomUUID() });
      // the one pooled connection: the next transaction on it, a data one, waits for the disk again
      expect(await setting(single.db)).toBe('on');
      await single.db.transaction().execute(async (trx) => {
        await notifyThroughDatabase(trx, { type: 'unread-changed', userId: randomUUID() });
        // inside a transaction the announcement leaves the commit to the data it goes with
        expect(await setting(trx)).toBe('on');
      });
    } finally {
      await single.close();
    }
  });

  test('an event for a user nobody in this process listens for is passed over without being checked', async () => {
    const warnings: string[] = [];
    const logger = { info: () => {}, error: () => {}, warn: (line: string) => warnings.push(line) };
    const bus = await PgEventBus.create(handleA.db, testDb.url!, { logger });
    try {
      const listened = randomUUID();
      const elsewhere = randomUUID();
      const seen: RealtimeEvent[] = [];
      bus.subscribe(listened, (event) => seen.push(event));
      // malformed, but addressed to a member connected to another process: not this one's to check
      await rawNotify(handleB.db, JSON.stringify({ type: 'drop-tables', userId: elsewhere }));
      await bus.publish({ type: 'unread-changed', userId: elsewhere });
      await rawNotify(handleB.db, JSON.stringify({ type: 'drop-tables', userId: listened }));
      await bus.publish({ type: 'unread-changed', userId: listened });
      await eventually(() => seen.length === 1);
      expect(seen).toEqual([{ type: 'unread-changed', userId: listened }]);
      expect(warnings.filter((line) => line.includes('malformed'))).toHaveLength(1);
    } finally {
      await bus.close();
    }
  });

  test('retries with back-off while the database refuses, then listens again and reports the gap', async () => {
    const lines: string[] = [];
    const logger = { info: (l: string) => lines.push(l), warn: (l: string) => lines.push(l), error: () => {} };
    const bus = await PgEventBus.create(handleA.db, testDb.url!, {
      logger,
      applicationName: 'curio-events-reconnect-test',
      reconnectDelayMs: { initial: 20, max: 80 },
    });
    // only another database's connection may bar connections to this one
    const source = inject('testDbSource');
    if (source.kind !== 'postgres') throw new Error('needs PostgreSQL');
    const admin = new pg.Client({ connectionString: source.adminUrl });
    await admin.connect();
    const database = `"${new URL(testDb.url!).pathname.slice(1)}"`;
    const allowConnections = (allow: boolean) => admin.query(`ALTER DATABASE ${database} WITH ALLOW_CONNECTIONS ${allow ? 'true' : 'false'}`);
    try {
      const userId = randomUUID();
      const seen: RealtimeEvent[] = [];
      bus.subscribe(userId, (event) => seen.push(event));
      let gaps = 0;
      bus.onDeliveryGap(() => (gaps += 1));

      await allowConnections(false);
      expect(await terminateListeners(handleB.db, 'curio-events-reconnect-test')).toBe(1);
      await eventually(() => lines.filter((l) => l.includes('reconnect failed')).length >= 3);
      expect(lines[0]).toContain('LISTEN connection lost');
      expect(bus.listening).toBe(false);
      expect(gaps).toBe(0);

      await allowConnections(true);
      await eventually(() => lines.some((l) => l.includes('LISTEN connection restored')));
      expect(bus.listening).toBe(true);
      expect(gaps).toBe(1);
      // the gap re-announces refresh events to local subscribers
      expect(seen.map((e) => e.type).sort()).toEqual([...REFRESH_EVENT_TYPES].sort());

      await rawNotify(handleB.db, JSON.stringify({ type: 'balances-changed', userId }));
      await eventually(() => seen.length === REFRESH_EVENT_TYPES.length + 1);
    } finally {
      await allowConnections(true);
      await admin.end();
      await bus.close();
    }
  });
});
