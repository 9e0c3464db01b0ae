import type { Kysely, QueryCreator } from 'kysely';
import { isLanguage, isDisplayCurrency, type TSessionUser } from '@curio/shared';
import type { Database } from '../../db/schema.ts';
import { defaultNickname } from './create-user.ts';

/** Public address of an uploaded file; the uploads route serves DATA_DIR/uploads under it. */
export function uploadUrl(key: string | null): string | null {
  return key ? `/uploads/${key}` : null;
}

/**
 * What one query reads for the signed-in member: identity from `users`, display name and
 * preferences from `profiles`, and whether a ban is active or the admin role held.
 */
export const SESSION_USER_COLUMNS = [
  'users.id',
  'users.email',
  'users.email_verified_at',
  'profiles.nickname',
  'profiles.avatar_key',
  'profiles.preferred_language',
  'profiles.preferred_currency',
  'user_bans.id as ban_id',
  'user_roles.role',
] as const;

export interface SessionUserRow {
  id: string;
  email: string;
  email_verified_at: Date | null;
  nickname: string | null;
  avatar_key: string | null;
  preferred_language: string | null;
  preferred_currency: string | null;
  ban_id: string | null;
  role: string | null;
}

/** Null when the user is banned (same rule as sessions). */
export function toSessionUser(row: SessionUserRow): TSessionUser | null {
  if (row.ban_id) return null;
  return {
    id: row.id,
    email: row.email,
    nickname: row.nickname ?? defaultNickname(row.email),
    avatarUrl: uploadUrl(row.avatar_key),
    isAdmin: row.role === 'admin',
    preferredLanguage: isLanguage(row.preferred_language) ? row.preferred_language : null,
    preferredCurrency: isDisplayCurrency(row.preferred_currency) ? row.preferred_currency : null,
    emailVerified: row.email_verified_at !== null,
  };
}

/**
 * The member with what the session user is made of (profile, an active ban, the admin role),
 * for the reads below and the API-token check to narrow by user, session or token. A query
 * creator with a WITH clause may start it, so a statement can write and read in one go.
 */
export function selectSessionUsers(db: QueryCreator<Database>) {
  return db
    .selectFrom('users')
    .leftJoin('profiles', 'profiles.user_id', 'users.id')
    .leftJoin('user_bans', (join) => join.onRef('user_bans.user_id', '=', 'users.id').on('user_bans.status', '=', 'active'))
    .leftJoin('user_roles', (join) => join.onRef('user_roles.user_id', '=', 'users.id').on('user_roles.role', '=', 'admin'))
    .select(SESSION_USER_COLUMNS);
}

/**
 * The signed-in member as the client sees them, which is also what the server checks a request
 * by (AuthUser). Null when the user is gone or banned (same rule as sessions).
 */
export async function loadSessionUser(db: Kysely<Database>, userId: string): Promise<TSessionUser | null> {
  const row = await selectSessionUsers(db).where('users.id', '=', userId).executeTakeFirst();
  return row ? toSessionUser(row) : null;
}

/**
 * A session row (by its id, the hash of the cookie's token) with its member, in one query: a
 * signed-in request reads the session and the member together rather than one after the other.
 * `user` is null when the member is banned.
 */
export async function loadSessionWithUser(db: Kysely<Database>, sessionId: string): Promise<{ expiresAt: Date; user: TSessionUser | null } | null> {
  const row = await selectSessionUsers(db)
    .innerJoin('sessions', 'sessions.user_id', 'users.id')
    .select('sessions.expires_at')
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst();
  return row ? { expiresAt: row.expires_at, user: toSessionUser(row) } : null;
}
