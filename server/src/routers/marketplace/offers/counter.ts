import { ZCounterOfferInput, ZOffer } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { DomainError } from '../../../domain/domain-error.ts';
import { runInTransaction } from '../../../db/transaction.ts';
import { syncRequestWithOffers } from '../../../domain/buying-requests/status.ts';
import { lockOfferForMove } from '../../../domain/buying-requests/offers/locked-offer.ts';
import { loadOffers } from '../../../domain/buying-requests/offers/read.ts';
import { notifyOfferMove } from '../../../domain/buying-requests/offers/notify-offer.ts';
import { getSetting } from '../../../domain/settings/settings.ts';

/**
 * A counter-offer (spec 2 §5 "Negotiation"): the requester and the seller take turns, each round
 * must change the price, and there are at most buying_offer_max_negotiation_rounds rounds. The
 * counter proposes a price; the other side accepts it, counters again, or walks away.
 */
export const counter = memberProcedure
  .input(ZCounterOfferInput)
  .output(ZOffer)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.services.clock.now();
    const maxRounds = await getSetting(ctx.services.db, 'buying_offer_max_negotiation_rounds');
    await runInTransaction(ctx.services.db, async (trx) => {
      const { offer, request } = await lockOfferForMove(trx, { offerId: input.offerId, userId: ctx.user.id, now });
      const isRequester = request.user_id === ctx.user.id;
      if (offer.negotiation_round >= maxRounds) throw new DomainError('NEGOTIATION_ROUNDS_EXCEEDED', { max: maxRounds });
      if (input.priceCents === offer.current_price_cents) throw new DomainError('COUNTER_PRICE_UNCHANGED', { field: 'priceCents' });

      const round = offer.negotiation_round + 1;
      await trx
        .insertInto('offer_negotiations')
        .values({
          offer_id: offer.id,
          round,
          proposer_id: ctx.user.id,
          proposed_price_cents: input.priceCents,
          message: input.message,
          created_at: now,
        })
        .execute();
      await trx
        .updateTable('buying_offers')
        .set({
          status: 'negotiating',
          negotiation_round: round,
          current_price_cents: input.priceCents,
          counter_offer_by: ctx.user.id,
          responded_at: isRequester ? now : undefined,
          updated_at: now,
        })
        .where('id', '=', offer.id)
        .execute();
      await syncRequestWithOffers(trx, request);
      await notifyOfferMove(trx, {
        type: 'offer_countered',
        requestId: request.id,
        recipientId: isRequester ? offer.seller_id : request.user_id,
        recipientIsRequester: !isRequester,
        priceCents: input.priceCents,
      });
    });
    const [offer] = await loadOffers(ctx.services.db, { offerIds: [input.offerId] });
    if (!offer) throw new DomainError('OFFER_NOT_FOUND');
    return offer;
  });
