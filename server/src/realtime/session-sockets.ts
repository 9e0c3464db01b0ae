import type { Kysely } from 'kysely';
import type { WebSocket } from 'ws';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../clock.ts';
import { SOCKET_CLOSE_CODES } from '@curio/shared';
import type { EventBus, RealtimeEvent } from './events.ts';
import { componentLogger } from '../observability/logger.ts';

const log = componentLogger('ws');

/** Close code for a socket whose session was signed out, reset, rotated or banned. */
export const SESSION_REVOKED_CLOSE_CODE = SOCKET_CLOSE_CODES.sessionRevoked;
export const SESSION_REVOKED_CLOSE_REASON = 'SESSION_REVOKED';
/** The session ended because the member was banned: the open tab signs out with a notice. */
export const ACCOUNT_BANNED_CLOSE_CODE = SOCKET_CLOSE_CODES.accountBanned;
export const ACCOUNT_BANNED_CLOSE_REASON = 'USER_BANNED';

interface UserSockets {
  /** socket -> the session id it authenticated with */
  sockets: Map<WebSocket, string>;
  unsubscribe: () => void;
}

/**
 * The sockets of this process by user and session, so that a revoked session (sign-out,
 * password change, ban; from any process) closes its sockets at once instead of keeping
 * the subscriptions it authorised alive (engineering rule E-9).
 */
export class SessionSockets {
  private readonly byUser = new Map<string, UserSockets>();
  private readonly stopGapWatch: () => void;
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  private readonly events: EventBus;

  constructor(db: Kysely<Database>, clock: Clock, events: EventBus) {
    this.db = db;
    this.clock = clock;
    this.events = events;
    this.stopGapWatch = events.onDeliveryGap(() => {
      this.closeEndedSessions().catch((error: unknown) => log.error({ err: error }, 're-checking sessions after an event gap failed'));
    });
  }

  /**
   * Registers a socket that authenticated with a cookie session. The session is checked again
   * after registering: a revocation committed between the context's session lookup and now
   * published its event before anyone here listened for it.
   */
  async track(socket: WebSocket, userId: string, sessionId: string): Promise<void> {
    if (socket.readyState !== socket.OPEN) return;
    let entry = this.byUser.get(userId);
    if (!entry) {
      const created: UserSockets = {
        sockets: new Map(),
        unsubscribe: this.events.subscribe(userId, (event) => this.onEvent(created, event)),
      };
      entry = created;
      this.byUser.set(userId, entry);
    }
    entry.sockets.set(socket, sessionId);
    socket.once('close', () => this.untrack(socket, userId));

    if (!(await this.liveSessionIds([sessionId])).has(sessionId)) revoke(socket);
  }

  /** Sockets currently registered (for tests and diagnostics). */
  get size(): number {
    let count = 0;
    for (const entry of this.byUser.values()) count += entry.sockets.size;
    return count;
  }

  close(): void {
    this.stopGapWatch();
    for (const entry of this.byUser.values()) entry.unsubscribe();
    this.byUser.clear();
  }

  private untrack(socket: WebSocket, userId: string): void {
    const entry = this.byUser.get(userId);
    if (!entry) return;
    entry.sockets.delete(socket);
    if (entry.sockets.size === 0) {
      entry.unsubscribe();
      this.byUser.delete(userId);
    }
  }

  private onEvent(entry: UserSockets, event: RealtimeEvent): void {
    if (event.type !== 'session-revoked') return;
    const revoked = new Set(event.sessionIds);
    for (const [socket, sessionId] of entry.sockets) {
      if (revoked.has(sessionId)) revoke(socket, event.cause);
    }
  }

  /** After missed events, the sessions table is the truth: close sockets whose session is gone. */
  private async closeEndedSessions(): Promise<void> {
    const tracked = [...this.byUser.values()].flatMap((entry) => [...entry.sockets]);
    if (tracked.length === 0) return;
    const live = await this.liveSessionIds([...new Set(tracked.map(([, sessionId]) => sessionId))]);
    for (const [socket, sessionId] of tracked) {
      if (!live.has(sessionId)) revoke(socket);
    }
  }

  private async liveSessionIds(sessionIds: string[]): Promise<Set<string>> {
    const rows = await this.db.selectFrom('sessions').select('id').where('id', 'in', sessionIds).where('expires_at', '>', this.clock.now()).execute();
    return new Set(rows.map((row) => row.id));
  }
}

function revoke(socket: WebSocket, cause?: 'banned'): void {
  if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) {
    if (cause === 'banned') socket.close(ACCOUNT_BANNED_CLOSE_CODE, ACCOUNT_BANNED_CLOSE_REASON);
    else socket.close(SESSION_REVOKED_CLOSE_CODE, SESSION_REVOKED_CLOSE_REASON);
  }
}
