import { ACTIVE_BUYING_REQUEST_STATUSES, ZOffer, ZOfferIdInput } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { appError } from '../../../trpc/app-error.ts';
import { runInTransaction } from '../../../db/transaction.ts';
import { lockOfferForMove } from '../../../services/offers/locked-offer.ts';
import { loadOffers } from '../../../services/offers/read.ts';

/**
 * Accept the price on the table. The requester accepts a seller's price; after the requester has
 * countered, it is the seller's turn and the seller accepts the requester's price (ADR 0009) —
 * nobody accepts their own proposal. The request becomes deal_made with this offer selected,
 * every other active offer is rejected. Turning the deal into a paid order belongs to the orders issue.
 */
export const accept = memberProcedure
  .input(ZOfferIdInput)
  .output(ZOffer)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.services.clock.now();
    await runInTransaction(ctx.services.db, async (trx) => {
      const { offer, request } = await lockOfferForMove(trx, { offerId: input.offerId, userId: ctx.user.id, now });

      const settled = await trx
        .updateTable('buying_requests')
        .set({ status: 'deal_made', selected_offer_id: offer.id, active_offers_count: 0 })
        .where('id', '=', request.id)
        .where('status', 'in', ACTIVE_BUYING_REQUEST_STATUSES)
        .executeTakeFirst();
      if (settled.numUpdatedRows === 0n) throw appError('REQUEST_NOT_OPEN');
      await trx
        .updateTable('buying_offers')
        .set((eb) => ({ status: 'accepted', price_cents: eb.ref('current_price_cents'), accepted_at: now, responded_at: now, updated_at: now }))
        .where('id', '=', offer.id)
        .execute();
      await trx
        .updateTable('buying_offers')
        .set({ status: 'rejected', responded_at: now, updated_at: now })
        .where('request_id', '=', request.id)
        .where('id', '<>', offer.id)
        .where('status', 'in', ['pending', 'negotiating'])
        .execute();
    });
    const [offer] = await loadOffers(ctx.services.db, { offerIds: [input.offerId] });
    if (!offer) throw appError('OFFER_NOT_FOUND', undefined, 'NOT_FOUND');
    return offer;
  });
