import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { createTestSession } from '../../helpers/ws-client.ts';
import { ROLE_CHANGED_CLOSE_CODE, SESSION_REVOKED_CLOSE_CODE, SessionSockets } from '../../../server/src/realtime/session-sockets.ts';

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
