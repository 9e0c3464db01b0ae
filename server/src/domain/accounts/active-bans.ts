import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * True for a row whose member is not under an active ban: what they published stays as it was
 * (rule A-18), but the places that offer content to everyone leave it out (rule F-2). The
 * literal status matches the partial unique index user_bans_one_active, so each row costs one
 * probe of that small index. `memberColumn` is a column reference, such as 'l.seller_id'.
 */
export function memberNotBanned(memberColumn: string): RawBuilder<boolean> {
  return sql<boolean>`NOT EXISTS (SELECT 1 FROM user_bans AS active_ban WHERE active_ban.user_id = ${sql.ref(memberColumn)} AND active_ban.status = 'active')`;
}

/**
 * Whether the member is under an active ban: a banned member is not verified, made admin, or dealt
 * with (ADR 0042: they cannot sign in to ship, answer or pay, so a deal would only wait for its
 * deadline).
 */
export async function isBanned(db: Kysely<Database>, memberId: string): Promise<boolean> {
  return (await bannedAmong(db, [memberId])).has(memberId);
}

/** The members among `memberIds` under an active ban, read at once: the one read of an active ban by member. */
export async function bannedAmong(db: Kysely<Database>, memberIds: string[]): Promise<Set<string>> {
  if (memberIds.length === 0) return new Set();
  const rows = await db.selectFrom('user_bans').select('user_id').where('user_id', 'in', memberIds).where('status', '=', 'active').execute();
  return new Set(rows.map((row) => row.user_id));
}
