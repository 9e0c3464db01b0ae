import type { Kysely } from 'kysely';
import { isLanguage, isDisplayCurrency, type TSessionUser } from '@curio/shared';
import type { Database } from '../../db/schema.ts';
import { defaultNickname } from './create-user.ts';

/** Public address of an uploaded file; the uploads route serves DATA_DIR/uploads under it. */
export function uploadUrl(key: string | null): string | null {
  return key ? `/uploads/${key}` : null;
}

/**
 * The signed-in member as the client sees them: identity from `users`, display name and
 * preferences from `profiles`. Null when the user is gone or banned (same rule as sessions).
 */
export async function loadSessionUser(db: Kysely<Database>, userId: string): Promise<TSessionUser | null> {
  const row = await db
    .selectFrom('users')
    .leftJoin('profiles', 'profiles.user_id', 'users.id')
    .leftJoin('user_bans', (join) => join.onRef('user_bans.user_id', '=', 'users.id').on('user_bans.status', '=', 'active'))
    .leftJoin('user_roles', (join) => join.onRef('user_roles.user_id', '=', 'users.id').on('user_roles.role', '=', 'admin'))
    .select([
      'users.id',
      'users.email',
      'users.email_verified_at',
      'profiles.nickname',
      'profiles.avatar_key',
      'profiles.preferred_language',
      'profiles.preferred_currency',
      'user_bans.id as ban_id',
      'user_roles.role',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row || row.ban_id) return null;
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
