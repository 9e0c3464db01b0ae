import { ZOffer, ZOfferIdInput } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { appError } from '../../../trpc/app-error.ts';
import { runInTransaction } from '../../../db/transaction.ts';
import { syncRequestWithOffers } from '../../../services/buying-requests/status.ts';
import { isActiveOffer, lockOfferWithRequest } from '../../../services/offers/locked-offer.ts';
import { loadOffers } from '../../../services/offers/read.ts';

/** The requester turns an active offer down; its place on the request frees up (ADR 0009). */
export const reject = memberProcedure
  .input(ZOfferIdInput)
  .output(ZOffer)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.services.clock.now();
    await runInTransaction(ctx.services.db, async (trx) => {
      const { offer, request } = await lockOfferWithRequest(trx, input.offerId);
      if (request.user_id !== ctx.user.id) throw appError('OFFER_NOT_FOUND', undefined, 'NOT_FOUND');
      if (!isActiveOffer(offer)) throw appError('OFFER_NOT_ACTIVE');
      await trx
        .updateTable('buying_offers')
        .set({ status: 'rejected', responded_at: now, updated_at: now })
        .where('id', '=', offer.id)
        .where('status', 'in', ['pending', 'negotiating'])
        .execute();
      await syncRequestWithOffers(trx, request);
    });
    const [offer] = await loadOffers(ctx.services.db, { offerIds: [input.offerId] });
    if (!offer) throw appError('OFFER_NOT_FOUND', undefined, 'NOT_FOUND');
    return offer;
  });
