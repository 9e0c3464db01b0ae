import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Ends every way into an account at once: its sessions (cookies) and its API tokens. Whatever
 * proves who owns the account, or takes it away, calls this inside its transaction: opening a
 * verification link (the mailbox's owner takes over an address a stranger registered first), a
 * password reset, a ban and an admin's "end all sessions" (ADR 0044). Tokens are revoked for
 * good, not paused: a lifted ban or a recovered account must not bring back a script someone
 * else may hold; the owner issues new ones. Returns the ended session ids, for the
 * `session-revoked` events the caller publishes after commit, and how many tokens it revoked,
 * for the admin's audit entry.
 */
export async function endAllAccess(db: Kysely<Database>, userId: string): Promise<{ sessionIds: string[]; revokedTokens: number }> {
  const sessions = await db.deleteFrom('sessions').where('user_id', '=', userId).returning('id').execute();
  const tokens = await db
    .updateTable('api_tokens')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return { sessionIds: sessions.map((row) => row.id), revokedTokens: Number(tokens.numUpdatedRows) };
}
