import type { z } from 'zod';
import { sql } from 'kysely';
import type { ZPeerInput } from '@curio/shared';
import { runInTransaction } from '../../db/transaction.ts';
import type { AppServices } from '../../app-services.ts';
import { lockChatParties } from './lock-parties.ts';

/**
 * Marks everything the peer sent the member as read; every open tab's badge follows. The member's
 * chat lock (ADR 0017) keeps any message to or from them from committing in between, so the new
 * count the event carries is exactly the count after the member's newest seq (ADR 0037).
 */
export async function markThreadRead(services: AppServices, memberId: string, input: z.output<typeof ZPeerInput>) {
  const me = memberId;
  const updated = await runInTransaction(services.db, async (trx) => {
    await lockChatParties(trx, [me]);
    const { rows } = await sql<{ updated: string | number; count: string | number; at_seq: string | number }>`
      WITH marked AS (
        UPDATE messages SET is_read = true
        WHERE receiver_id = ${me} AND sender_id = ${input.peerId} AND NOT is_read
        RETURNING 1
      )
      SELECT
        (SELECT count(*) FROM marked) AS updated,
        (SELECT count(*) FROM messages WHERE receiver_id = ${me} AND NOT is_read) - (SELECT count(*) FROM marked) AS count,
        GREATEST(
          (SELECT max(seq) FROM messages WHERE sender_id = ${me}),
          (SELECT max(seq) FROM messages WHERE receiver_id = ${me}),
          0
        ) AS at_seq
    `.execute(trx);
    const row = rows[0];
    const marked = Number(row?.updated ?? 0);
    if (marked > 0 && row) {
      await services.events.publishInTransaction(trx, { type: 'unread-changed', userId: me, count: Number(row.count), atSeq: Number(row.at_seq) });
    }
    return marked;
  });
  return { updated };
}
