import type { Kysely } from 'kysely';
import type { WebSocket } from 'ws';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../clock.ts';
import { SOCKET_CLOSE_CODES } from '@curio/shared';
import { ADMIN_QUEUE_ID, type EventBus, type RealtimeEvent } from './events.ts';
import { componentLogger } from '../observability/logger.ts';
import { selectSessionUsers, toSessionUser } from '../domain/accounts/session-user.ts';
import { bannedAmong } from '../domain/accounts/active-bans.ts';

const log = componentLogger('ws');

/** Close code for a socket whose session was signed out, reset, rotated or banned. */
export const SESSION_REVOKED_CLOSE_CODE = SOCKET_CLOSE_CODES.sessionRevoked;
export const SESSION_REVOKED_CLOSE_REASON = 'SESSION_REVOKED';
/** The session ended because the member was banned: the open tab signs out with a notice. */
export const ACCOUNT_BANNED_CLOSE_CODE = SOCKET_CLOSE_CODES.accountBanned;
export const ACCOUNT_BANNED_CLOSE_REASON = 'USER_BANNED';
/** The member's admin role was granted or taken away: the client reconnects and is checked again. */
export const ROLE_CHANGED_CLOSE_CODE = SOCKET_CLOSE_CODES.roleChanged;
export const ROLE_CHANGED_CLOSE_REASON = 'ROLE_CHANGED';

/** What a socket was signed in as when it opened: its context keeps it for the connection's life. */
interface SocketSignIn {
  sessionId: string;
  isAdmin: boolean;
}

/** A registered socket with its member and how it signed in. */
interface TrackedSocket {
  userId: string;
  socket: WebSocket;
  signIn: SocketSignIn;
}

interface UserSockets {
  sockets: Map<WebSocket, SocketSignIn>;
  unsubscribe: () => void;
}

/**
 * The sockets of this process by user and session, so that a revoked session (sign-out,
 * password change, ban; from any process) closes its sockets at once instead of keeping
 * the subscriptions it authorised alive (engineering rule E-9).
 *
 * A socket's context is made once, when it opens, so it would also keep the admin role it
 * opened with: an admin whose role is taken away would go on receiving the dashboard's streams
 * and could open new admin subscriptions over it. So when a member's sign-in changes (the
 * 'session-user-changed' event the database sends, ADR 0041), their sockets whose role no longer
 * matches are closed with ROLE_CHANGED, and the client's reconnect is checked afresh.
 */
export class SessionSockets {
  private readonly byUser = new Map<string, UserSockets>();
  private readonly stopGapWatch: () => void;
  private readonly stopMemberWatch: () => void;
  private readonly db: Kysely<Database>;
  private readonly clock: Clock;
  private readonly events: EventBus;
  private readonly forgetSignIn: (memberId: string) => void;

  /**
   * `forgetSignIn` drops what this process holds of a member's sign-in (the session cache, ADR
   * 0041) when a socket is found signed in with a role the member no longer has: the socket's
   * reconnect must not be signed in from the same stale copy.
   */
  constructor(db: Kysely<Database>, clock: Clock, events: EventBus, forgetSignIn: (memberId: string) => void = () => {}) {
    this.db = db;
    this.clock = clock;
    this.events = events;
    this.forgetSignIn = forgetSignIn;
    this.stopGapWatch = events.onDeliveryGap(() => {
      this.recheck([...this.byUser.keys()], { closeEnded: true }).catch((error: unknown) =>
        log.error({ err: error }, 're-checking sessions after an event gap failed'),
      );
    });
    this.stopMemberWatch = events.subscribe(ADMIN_QUEUE_ID, (event) => {
      if (event.type !== 'session-user-changed' || !this.byUser.has(event.memberId)) return;
      // an ended session is closed by its own 'session-revoked' event, which says whether it was a
      // ban: this event can arrive first (the trigger's NOTIFY commits with the ban), so only the role is acted on here
      const memberId = event.memberId;
      this.recheck([memberId], { closeEnded: false }).catch((error: unknown) => {
        // unchecked, a socket might keep a role taken away: its reconnect is checked afresh
        log.error({ err: error }, "re-checking a member's sockets failed; closing them");
        for (const socket of this.byUser.get(memberId)?.sockets.keys() ?? []) closeOpen(socket, ROLE_CHANGED_CLOSE_CODE, ROLE_CHANGED_CLOSE_REASON);
      });
    });
  }

  /**
   * Registers a socket that authenticated with a cookie session. The session is checked again
   * after registering: a revocation committed between the context's session lookup and now
   * published its event before anyone here listened for it.
   */
  async track(socket: WebSocket, user: { id: string; isAdmin: boolean }, sessionId: string): Promise<void> {
    if (socket.readyState !== socket.OPEN) return;
    let entry = this.byUser.get(user.id);
    if (!entry) {
      const created: UserSockets = {
        sockets: new Map(),
        unsubscribe: this.events.subscribe(user.id, (event) => this.onEvent(created, event)),
      };
      entry = created;
      this.byUser.set(user.id, entry);
    }
    const signIn: SocketSignIn = { sessionId, isAdmin: user.isAdmin };
    entry.sockets.set(socket, signIn);
    socket.once('close', () => this.untrack(socket, user.id));

    // the role too may have changed before anyone here listened
    if (await this.closeChanged([{ userId: user.id, socket, signIn }], { closeEnded: true })) this.forgetSignIn(user.id);
  }

  /** Sockets currently registered (for tests and diagnostics). */
  get size(): number {
    let count = 0;
    for (const entry of this.byUser.values()) count += entry.sockets.size;
    return count;
  }

  close(): void {
    this.stopGapWatch();
    this.stopMemberWatch();
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
    for (const [socket, signIn] of entry.sockets) {
      if (revoked.has(signIn.sessionId)) revoke(socket, event.cause);
    }
  }

  /**
   * The database is the truth for these members' sockets: those whose role changed are closed,
   * and with `closeEnded` (after missed events) those whose session is gone too.
   */
  private async recheck(userIds: string[], options: { closeEnded: boolean }): Promise<void> {
    const tracked = userIds.flatMap((userId) => [...(this.byUser.get(userId)?.sockets ?? [])].map(([socket, signIn]) => ({ userId, socket, signIn })));
    if (tracked.length > 0) await this.closeChanged(tracked, options);
  }

  /**
   * Reads the sockets' sessions and closes those whose role changed, and with `closeEnded` those
   * whose session ended; true when a role had changed. A session that ended with a ban whose own
   * event was missed closes as a ban, so the tab says why.
   */
  private async closeChanged(tracked: TrackedSocket[], options: { closeEnded: boolean }): Promise<boolean> {
    const standing = await this.standing([...new Set(tracked.map(({ signIn }) => signIn.sessionId))]);
    const ended = options.closeEnded ? tracked.filter(({ signIn }) => !standing.has(signIn.sessionId)).map(({ userId }) => userId) : [];
    const banned = await bannedAmong(this.db, [...new Set(ended)]);
    let roleChanged = false;
    for (const { userId, socket, signIn } of tracked) {
      if (closeIfChanged(socket, signIn, standing, { ...options, banned: banned.has(userId) })) roleChanged = true;
    }
    return roleChanged;
  }

  /**
   * The live sessions among `sessionIds` whose member may sign in, each with whether that member
   * holds the admin role now: read as the socket's context read it (the session user), so the two
   * can only differ when the member changed. A banned member's session is left out, as ended.
   */
  private async standing(sessionIds: string[]): Promise<Map<string, boolean>> {
    const rows = await selectSessionUsers(this.db)
      .innerJoin('sessions', 'sessions.user_id', 'users.id')
      .select('sessions.id as session_id')
      .where('sessions.id', 'in', sessionIds)
      .where('sessions.expires_at', '>', this.clock.now())
      .execute();
    const standing = new Map<string, boolean>();
    for (const row of rows) {
      const user = toSessionUser(row);
      if (user) standing.set(row.session_id, user.isAdmin);
    }
    return standing;
  }
}

/**
 * Closes the socket if its session ended (with `closeEnded`; as a ban when its member is `banned`)
 * or its role changed; true for a changed role.
 */
function closeIfChanged(socket: WebSocket, signIn: SocketSignIn, standing: Map<string, boolean>, options: { closeEnded: boolean; banned?: boolean }): boolean {
  const isAdmin = standing.get(signIn.sessionId);
  if (isAdmin === undefined) {
    if (options.closeEnded) revoke(socket, options.banned ? 'banned' : undefined);
    return false;
  }
  if (isAdmin === signIn.isAdmin) return false;
  closeOpen(socket, ROLE_CHANGED_CLOSE_CODE, ROLE_CHANGED_CLOSE_REASON);
  return true;
}

function revoke(socket: WebSocket, cause?: 'banned'): void {
  if (cause === 'banned') closeOpen(socket, ACCOUNT_BANNED_CLOSE_CODE, ACCOUNT_BANNED_CLOSE_REASON);
  else closeOpen(socket, SESSION_REVOKED_CLOSE_CODE, SESSION_REVOKED_CLOSE_REASON);
}

function closeOpen(socket: WebSocket, code: number, reason: string): void {
  if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close(code, reason);
}
