import type { z } from 'zod';
import type { ZPeerInput } from '@curio/shared';
import { runInTransaction } from '../../db/transaction.ts';
import type { AppServices } from '../../app-services.ts';

/** Marks everything the peer sent the member as read; every open tab's badge follows. */
export async function markThreadRead(services: AppServices, memberId: string, input: z.output<typeof ZPeerInput>) {
  const me = memberId;
  const updated = await runInTransaction(services.db, async (trx) => {
    const result = await trx
      .updateTable('messages')
      .set({ is_read: true })
      .where('receiver_id', '=', me)
      .where('sender_id', '=', input.peerId)
      .where('is_read', '=', false)
      .executeTakeFirst();
    if (result.numUpdatedRows > 0n) {
      await services.events.publishInTransaction(trx, { type: 'unread-changed', userId: me });
    }
    return Number(result.numUpdatedRows);
  });
  return { updated };
}
