import { ZCreateOfferInput, ZOffer } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { makeOffer } from '../../../domain/buying-requests/offers/make-offer.ts';

/**
 * Make an offer (rule B-10). The request row is locked while the active offers are
 * counted and the new one inserted, so N sellers racing for the last places get exactly the
 * places there are and the rest get OFFERS_FULL.
 */
export const create = memberProcedure
  .input(ZCreateOfferInput)
  .output(ZOffer)
  .mutation(({ ctx, input }) => makeOffer(ctx.services, ctx.user.id, input));
