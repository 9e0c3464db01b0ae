import { ACTIVE_BUYING_REQUEST_STATUSES, ZBuyingRequestDetail, ZBuyingRequestIdInput } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { DomainError } from '../../../domain/domain-error.ts';
import { runInTransaction } from '../../../db/transaction.ts';
import { lockOwnedRequest } from '../../../domain/buying-requests/owned-request.ts';
import { assertRequestTakesOffers } from '../../../domain/buying-requests/status.ts';
import { loadBuyingRequestDetail } from '../../../domain/buying-requests/read.ts';

/** The owner closes an active request; offers still pending or negotiating are rejected with it (ADR 0009). */
export const close = memberProcedure
  .input(ZBuyingRequestIdInput)
  .output(ZBuyingRequestDetail)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.services.clock.now();
    await runInTransaction(ctx.services.db, async (trx) => {
      const request = await lockOwnedRequest(trx, input.id, ctx.user.id);
      assertRequestTakesOffers(request, now);
      const closed = await trx
        .updateTable('buying_requests')
        .set({ status: 'closed', active_offers_count: 0 })
        .where('id', '=', input.id)
        .where('status', 'in', ACTIVE_BUYING_REQUEST_STATUSES)
        .executeTakeFirst();
      if (closed.numUpdatedRows === 0n) throw new DomainError('REQUEST_NOT_OPEN');
      await trx
        .updateTable('buying_offers')
        .set({ status: 'rejected', responded_at: now, updated_at: now })
        .where('request_id', '=', input.id)
        .where('status', 'in', ['pending', 'negotiating'])
        .execute();
    });
    return loadBuyingRequestDetail(ctx.services.db, input.id, ctx.user.id, now);
  });
