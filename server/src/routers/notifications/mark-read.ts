import { ZMarkNotificationsReadInput } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { runInTransaction } from '../../db/transaction.ts';

export const markRead = memberProcedure.input(ZMarkNotificationsReadInput).mutation(async ({ ctx, input }) => {
  const updated = await runInTransaction(ctx.services.db, async (trx) => {
    let query = trx.updateTable('notifications').set({ is_read: true }).where('user_id', '=', ctx.user.id).where('is_read', '=', false);
    if (input.ids) {
      if (input.ids.length === 0) return 0;
      query = query.where('id', 'in', input.ids);
    }
    const result = await query.executeTakeFirst();
    if (result.numUpdatedRows > 0n) {
      await ctx.services.events.publishInTransaction(trx, { type: 'notifications-changed', userId: ctx.user.id });
    }
    return Number(result.numUpdatedRows);
  });
  return { updated };
});
