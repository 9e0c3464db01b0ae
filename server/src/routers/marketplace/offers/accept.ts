import { ACTIVE_BUYING_REQUEST_STATUSES, ZOffer, ZOfferIdInput } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { DomainError, isDomainError } from '../../../domain/domain-error.ts';
import { runInTransaction } from '../../../db/transaction.ts';
import { publishBalanceChanges } from '../../../domain/ledger/index.ts';
import { lockOfferForMove } from '../../../domain/buying-requests/offers/locked-offer.ts';
import { loadOffers } from '../../../domain/buying-requests/offers/read.ts';
import { createOfferOrder } from '../../../domain/buying-requests/offers/offer-order.ts';

/**
 * Accept the price on the table. The requester accepts a seller's price; after the requester has
 * countered, it is the seller's turn and the seller accepts the requester's price (ADR 0009) —
 * nobody accepts their own proposal. The request becomes deal_made with this offer selected,
 * every other active offer is rejected, and — in the same transaction — the requester is charged
 * the agreed price into escrow and a paid order is created (ADR 0013). A requester who cannot
 * pay makes the accept fail as a whole: nothing changes, the negotiation stays where it was.
 */
export const accept = memberProcedure
  .input(ZOfferIdInput)
  .output(ZOffer)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.services.clock.now();
    const affected = await runInTransaction(ctx.services.db, async (trx) => {
      const { offer, request } = await lockOfferForMove(trx, { offerId: input.offerId, userId: ctx.user.id, now });

      const settled = await trx
        .updateTable('buying_requests')
        .set({ status: 'deal_made', selected_offer_id: offer.id, active_offers_count: 0 })
        .where('id', '=', request.id)
        .where('status', 'in', ACTIVE_BUYING_REQUEST_STATUSES)
        .executeTakeFirst();
      if (settled.numUpdatedRows === 0n) throw new DomainError('REQUEST_NOT_OPEN');
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

      try {
        return await createOfferOrder(trx, { offer, request, acceptedBy: ctx.user.id, now });
      } catch (error) {
        // the seller cannot top up the requester's balance: tell them whose balance is short
        const isShort = isDomainError(error, 'INSUFFICIENT_BALANCE');
        if (isShort && ctx.user.id === offer.seller_id) throw new DomainError('BUYER_BALANCE_INSUFFICIENT');
        throw error;
      }
    });
    await publishBalanceChanges(ctx.services.events, affected.affectedUserIds);
    const [offer] = await loadOffers(ctx.services.db, { offerIds: [input.offerId] });
    if (!offer) throw new DomainError('OFFER_NOT_FOUND');
    return offer;
  });
