import type { Kysely } from 'kysely';
import type { TSessionUser } from '@curio/shared';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../clock.ts';
import { generateToken, hashToken } from './tokens.ts';
import { loadSessionUser, loadSessionWithUser } from './session-user.ts';
import type { SessionCache } from './session-cache.ts';

/**
 * Sessions after Lucia's current guidance (engineering rule E-10, docs/decisions/0002):
 * random token in the cookie, SHA-256 of it as the row id, sliding 30-day expiry.
 */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Extend the expiry only once half the lifetime is used, to avoid a write per request. */
const SESSION_RENEW_WITHIN_MS = SESSION_TTL_MS / 2;
export const SESSION_COOKIE = 'curio_session';

/**
 * The member a request is signed in as: the session user the client sees (identity, display name,
 * preferences, the admin role), read by the same query that checks the session or API token.
 * `emailVerified`: until the member opens the link mailed at sign-up, money cannot leave the
 * account (ADR 0025); `preferredLanguage`: refusals are worded in it (ADR 0031).
 */
export type AuthUser = TSessionUser;

export interface ValidatedSession {
  sessionId: string;
  expiresAt: Date;
  /** True when the expiry moved, so the cookie should be re-sent. */
  renewed: boolean;
  user: AuthUser;
}

export async function createSession(db: Kysely<Database>, clock: Clock, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = generateToken();
  const expiresAt = new Date(clock.now().getTime() + SESSION_TTL_MS);
  await db
    .insertInto('sessions')
    .values({ id: hashToken(token), user_id: userId, expires_at: expiresAt })
    .execute();
  return { token, expiresAt };
}

/** Loads the user behind a user id, or null when missing or banned (a banned user has no session). */
export function loadAuthUser(db: Kysely<Database>, userId: string): Promise<AuthUser | null> {
  return loadSessionUser(db, userId);
}

/**
 * The session behind a cookie's token, renewed when half its lifetime is used. With a cache, a
 * session held there (ADR 0041) is answered without a read unless it is due for renewal.
 */
export async function validateSessionToken(db: Kysely<Database>, clock: Clock, token: string, cache?: SessionCache): Promise<ValidatedSession | null> {
  const sessionId = hashToken(token);
  const now = clock.now().getTime();
  const cached = cache?.get(sessionId);
  // a session due for renewal is read and written as below, so its cookie is sent again
  if (cached && cached.expiresAt.getTime() - now >= SESSION_RENEW_WITHIN_MS) {
    return { sessionId, expiresAt: cached.expiresAt, renewed: false, user: cached.user };
  }
  const readStartedAt = cache?.startRead() ?? 0;
  const session = await loadSessionWithUser(db, sessionId);
  if (!session) return null;
  const { user } = session;
  // an expired session, or a banned member's, is deleted: it never works again
  if (session.expiresAt.getTime() <= now || !user) {
    await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
    return null;
  }
  let expiresAt = session.expiresAt;
  let renewed = false;
  if (expiresAt.getTime() - now < SESSION_RENEW_WITHIN_MS) {
    expiresAt = new Date(now + SESSION_TTL_MS);
    renewed = true;
    await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', sessionId).execute();
  }
  cache?.store(sessionId, { expiresAt, user }, readStartedAt);
  return { sessionId, expiresAt, renewed, user };
}

export async function invalidateSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}
