import { ZCounterOfferInput, ZOffer } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { counterOffer } from '../../../domain/buying-requests/offers/counter-offer.ts';

/**
 * A counter-offer (rules B-11 and B-12): the requester and the seller take turns, each round
 * must change the price, and there are at most buying_offer_max_negotiation_rounds rounds. The
 * counter proposes a price; the other side accepts it, counters again, or walks away.
 */
export const counter = memberProcedure
  .input(ZCounterOfferInput)
  .output(ZOffer)
  .mutation(({ ctx, input }) => counterOffer(ctx.services, ctx.user.id, input));
