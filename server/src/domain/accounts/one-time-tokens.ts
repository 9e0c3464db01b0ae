import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { generateToken, hashToken } from './tokens.ts';

/** Tables of mailed links: a SHA-256 hash of the token, its user, when it expires and when it was used. */
export type OneTimeTokenTable = 'password_reset_tokens' | 'email_verification_tokens';

/**
 * A fresh link token for a user; only the newest one works, so an older mail lying in an inbox
 * is worth nothing. Run it in a transaction. Returns the token (mail it) and its row id.
 */
export async function issueOneTimeToken(
  trx: Kysely<Database>,
  table: OneTimeTokenTable,
  input: { userId: string; now: Date; ttlMs: number },
): Promise<{ token: string; id: string }> {
  const token = generateToken();
  await trx.deleteFrom(table).where('user_id', '=', input.userId).where('used_at', 'is', null).execute();
  const row = await trx
    .insertInto(table)
    .values({
      user_id: input.userId,
      token_hash: hashToken(token),
      created_at: input.now,
      expires_at: new Date(input.now.getTime() + input.ttlMs),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { token, id: row.id };
}

/**
 * Uses a link token, once: the guarded UPDATE lets exactly one of two simultaneous clicks
 * through. Returns its user, or null when the token is unknown, used or expired.
 */
export async function claimOneTimeToken(trx: Kysely<Database>, table: OneTimeTokenTable, token: string, now: Date): Promise<string | null> {
  const claimed = await trx
    .updateTable(table)
    .set({ used_at: now })
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return claimed?.user_id ?? null;
}
