import type { Kysely } from 'kysely';
import { isLanguage, type Language } from '@curio/shared';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../clock.ts';
import { generateToken, hashToken } from './tokens.ts';

/**
 * Sessions after Lucia's current guidance (engineering rule E-10, docs/decisions/0002):
 * random token in the cookie, SHA-256 of it as the row id, sliding 30-day expiry.
 */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Extend the expiry only once half the lifetime is used, to avoid a write per request. */
const SESSION_RENEW_WITHIN_MS = SESSION_TTL_MS / 2;
export const SESSION_COOKIE = 'curio_session';

export interface AuthUser {
  id: string;
  email: string;
  isAdmin: boolean;
  /** Until the member opens the link mailed at sign-up, money cannot leave the account (ADR 0025). */
  emailVerified: boolean;
  /** The language chosen in the profile, if any: refusals are worded in it (ADR 0031). */
  preferredLanguage: Language | null;
}

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
export async function loadAuthUser(db: Kysely<Database>, userId: string): Promise<AuthUser | null> {
  const row = await db
    .selectFrom('users')
    .leftJoin('user_bans', (join) => join.onRef('user_bans.user_id', '=', 'users.id').on('user_bans.status', '=', 'active'))
    .leftJoin('user_roles', (join) => join.onRef('user_roles.user_id', '=', 'users.id').on('user_roles.role', '=', 'admin'))
    .leftJoin('profiles', 'profiles.user_id', 'users.id')
    .select(['users.id', 'users.email', 'users.email_verified_at', 'user_bans.id as ban_id', 'user_roles.role', 'profiles.preferred_language'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row || row.ban_id) return null;
  return {
    id: row.id,
    email: row.email,
    isAdmin: row.role === 'admin',
    emailVerified: row.email_verified_at !== null,
    preferredLanguage: isLanguage(row.preferred_language) ? row.preferred_language : null,
  };
}

export async function validateSessionToken(db: Kysely<Database>, clock: Clock, token: string): Promise<ValidatedSession | null> {
  const sessionId = hashToken(token);
  const session = await db.selectFrom('sessions').select(['id', 'user_id', 'expires_at']).where('id', '=', sessionId).executeTakeFirst();
  if (!session) return null;
  const now = clock.now().getTime();
  if (session.expires_at.getTime() <= now) {
    await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
    return null;
  }
  const user = await loadAuthUser(db, session.user_id);
  if (!user) {
    await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
    return null;
  }
  let expiresAt = session.expires_at;
  let renewed = false;
  if (expiresAt.getTime() - now < SESSION_RENEW_WITHIN_MS) {
    expiresAt = new Date(now + SESSION_TTL_MS);
    renewed = true;
    await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', sessionId).execute();
  }
  return { sessionId, expiresAt, renewed, user };
}

export async function invalidateSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Ends every session of a user: password reset, password change and ban. */
export async function invalidateUserSessions(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db.deleteFrom('sessions').where('user_id', '=', userId).returning('id').execute();
  return rows.map((r) => r.id);
}
