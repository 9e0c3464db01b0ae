import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { createTestSession } from '../../helpers/ws-client.ts';
import {
  ACCOUNT_BANNED_CLOSE_CODE,
  ROLE_CHANGED_CLOSE_CODE,
  SESSION_REVOKED_CLOSE_CODE,
  SessionSockets,
} from '../../../server/src/realtime/session-sockets.ts';
import type { EventBus } from '../../../server/src/realtime/events.ts';

/** Just what SessionSockets uses of a ws socket: its state, close and the 'close' event. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readonly CONNECTING = 0;
  readyState = 1;
  readonly closes: number[] = [];
  close(code: number): void {
    this.closes.push(code);
    this.readyState = 3;
    this.emit('close');
  }
}

/**
 * A socket registered with a role its member no longer has (its context was signed in from a
 * copy made before the change) is closed with 4004, and what the process holds of the member's
 * sign-in is dropped, so the reconnect is not signed in from the same stale copy.
 */
describe('SessionSockets.track', () => {
  test('a stale role closes the socket and drops the sign-in copy; a matching one keeps it; an ended session is revoked', async ({ db, services }) => {
    const forgotten: string[] = [];
    const sockets = new SessionSockets(db.db, services.clock, services.events, (memberId) => forgotten.push(memberId));
    try {
      const demoted = await insertTestUser(db.db);
      const session = await createTestSession(db.db, services.clock, demoted.id);
      const stale = new FakeSocket();
      await sockets.track(stale as unknown as WebSocket, { id: demoted.id, isAdmin: true }, session.sessionId);
      expect(stale.closes).toEqual([ROLE_CHANGED_CLOSE_CODE]);
      expect(forgotten).toEqual([demoted.id]);

      const current = new FakeSocket();
      await sockets.track(current as unknown as WebSocket, { id: demoted.id, isAdmin: false }, session.sessionId);
      expect(current.closes).toEqual([]);

      const ended = new FakeSocket();
      await sockets.track(ended as unknown as WebSocket, { id: demoted.id, isAdmin: false }, 'f'.repeat(64));
      expect(ended.closes).toEqual([SESSION_REVOKED_CLOSE_CODE]);
      expect(forgotten).toEqual([demoted.id]);
    } finally {
      sockets.close();
    }
  });
});

/**
 * After missed events (a gap in LISTEN delivery) the database is read again: a session that ended
 * with a ban closes as a ban (4003, so the tab shows why), any other ended session as signed out.
 */
describe('SessionSockets after an event gap', () => {
  test("a banned member's socket closes with the ban's code, another ended session as signed out, a live one stays", async ({ db, services }) => {
    let gap = () => {};
    // the test's bus, with a gap fired by hand
    const bus: EventBus = {
      publish: (event) => services.events.publish(event),
      publishInTransaction: (trx, event) => services.events.publishInTransaction(trx, event),
      hearsDatabaseNotify: services.events.hearsDatabaseNotify,
      close: () => Promise.resolve(),
      subscribe: (userId, listener) => services.events.subscribe(userId, listener),
      onDeliveryGap: (listener) => {
        gap = listener;
        return () => {};
      },
    };
    const sockets = new SessionSockets(db.db, services.clock, bus);
    try {
      const [banned, signedOut, live] = await Promise.all([insertTestUser(db.db), insertTestUser(db.db), insertTestUser(db.db)]);
      const opened = await Promise.all(
        [banned, signedOut, live].map(async (member) => {
          const { sessionId } = await createTestSession(db.db, services.clock, member.id);
          const socket = new FakeSocket();
          await sockets.track(socket as unknown as WebSocket, { id: member.id, isAdmin: false }, sessionId);
          return socket;
        }),
      );
      // what a ban and a sign-out leave in the database, with their events lost
      await db.db.insertInto('user_bans').values({ user_id: banned.id, reason: 'fraud', status: 'active' }).execute();
      await db.db.deleteFrom('sessions').where('user_id', 'in', [banned.id, signedOut.id]).execute();
      gap();
      await expect.poll(() => opened.map((socket) => socket.closes)).toEqual([[ACCOUNT_BANNED_CLOSE_CODE], [SESSION_REVOKED_CLOSE_CODE], []]);

      // a socket that registers after its member was banned is told so too
      const late = new FakeSocket();
      await sockets.track(late as unknown as WebSocket, { id: banned.id, isAdmin: false }, 'e'.repeat(64));
      expect(late.closes).toEqual([ACCOUNT_BANNED_CLOSE_CODE]);
    } finally {
      sockets.close();
    }
  });
});
