import { sql } from 'kysely';
import type { Tx } from '../../db/transaction.ts';

/**
 * Takes a transaction-scoped advisory lock per user, in a fixed order (no deadlock between
 * two senders writing to each other). While a message's transaction holds the locks of both
 * its parties, no other message of either party can be inserted, so the seq a message gets
 * is also its commit order for both of them: a live stream that resumes after the last seq it
 * delivered can neither skip a message committed late nor repeat one (ADR 0017). The send takes
 * the same locks, by the same keys, inside the database function chat_send (ADR 0037).
 */
export async function lockChatParties(trx: Tx, userIds: readonly string[]): Promise<void> {
  for (const userId of [...new Set(userIds)].sort()) {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`chat:${userId}`}, 0))`.execute(trx);
  }
}
