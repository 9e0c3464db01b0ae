import type { z } from 'zod';
import type { ZMarkNotificationsReadInput } from '@curio/shared';
import { runInTransaction } from '../../db/transaction.ts';
import type { AppServices } from '../../app-services.ts';

export async function markNotificationsRead(services: AppServices, memberId: string, input: z.output<typeof ZMarkNotificationsReadInput>) {
  const updated = await runInTransaction(services.db, async (trx) => {
    let query = trx.updateTable('notifications').set({ is_read: true }).where('user_id', '=', memberId).where('is_read', '=', false);
    if (input.ids) {
      if (input.ids.length === 0) return 0;
      query = query.where('id', 'in', input.ids);
    }
    const result = await query.executeTakeFirst();
    if (result.numUpdatedRows > 0n) {
      await services.events.publishInTransaction(trx, { type: 'notifications-changed', userId: memberId });
    }
    return Number(result.numUpdatedRows);
  });
  return { updated };
}
