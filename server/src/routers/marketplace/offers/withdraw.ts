import { ZOffer, ZOfferIdInput } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { DomainError } from '../../../domain/domain-error.ts';
import { endActiveOffer } from '../../../domain/buying-requests/offers/end-offer.ts';
import { loadOffers } from '../../../domain/buying-requests/offers/read.ts';

/** The seller takes back an active offer; its place on the request frees up (ADR 0009). */
export const withdraw = memberProcedure
  .input(ZOfferIdInput)
  .output(ZOffer)
  .mutation(async ({ ctx, input }) => {
    await endActiveOffer(ctx.services, { offerId: input.offerId, actorId: ctx.user.id, as: 'seller' });
    const [offer] = await loadOffers(ctx.services.db, { offerIds: [input.offerId] });
    if (!offer) throw new DomainError('OFFER_NOT_FOUND');
    return offer;
  });
