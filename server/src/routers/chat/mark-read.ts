import { ZPeerInput } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { runInTransaction } from '../../db/transaction.ts';

/** Marks everything the peer sent the member as read; every open tab's badge follows. */
export const markRead = memberProcedure.input(ZPeerInput).mutation(async ({ ctx, input }) => {
  const me = ctx.user.id;
  const updated = await runInTransaction(ctx.services.db, async (trx) => {
    const result = await trx
      .updateTable('messages')
      .set({ is_read: true })
      .where('receiver_id', '=', me)
      .where('sender_id', '=', input.peerId)
      .where('is_read', '=', false)
      .executeTakeFirst();
    if (result.numUpdatedRows > 0n) {
      await ctx.services.events.publishInTransaction(trx, { type: 'unread-changed', userId: me });
    }
    return Number(result.numUpdatedRows);
  });
  return { updated };
});
