import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../clock.ts';
import { generateToken, hashToken } from './tokens.ts';
import { loadAuthUser, type AuthUser } from './sessions.ts';

/** Personal API tokens for scripts: `curio_pat_<secret>`, stored hashed like sessions. */
export const API_TOKEN_PREFIX = 'curio_pat_';

export function newApiTokenSecret(): { token: string; hash: string; prefix: string } {
  const token = `${API_TOKEN_PREFIX}${generateToken()}`;
  return { token, hash: hashToken(token), prefix: token.slice(0, API_TOKEN_PREFIX.length + 6) };
}

export async function authenticateApiToken(
  db: Kysely<Database>,
  clock: Clock,
  token: string,
): Promise<AuthUser | null> {
  if (!token.startsWith(API_TOKEN_PREFIX)) return null;
  const row = await db
    .updateTable('api_tokens')
    .set({ last_used_at: clock.now() })
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .returning(['user_id'])
    .executeTakeFirst();
  if (!row) return null;
  return loadAuthUser(db, row.user_id);
}
