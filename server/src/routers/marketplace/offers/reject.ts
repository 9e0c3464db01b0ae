import { ZOffer, ZOfferIdInput } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { DomainError } from '../../../domain/domain-error.ts';
import { endActiveOffer } from '../../../domain/buying-requests/offers/end-offer.ts';
import { loadOffers } from '../../../domain/buying-requests/offers/read.ts';

/** The requester turns an active offer down; its place on the request frees up (ADR 0009). */
export const reject = memberProcedure
  .input(ZOfferIdInput)
  .output(ZOffer)
  .mutation(async ({ ctx, input }) => {
    await endActiveOffer(ctx.services, { offerId: input.offerId, actorId: ctx.user.id, as: 'requester' });
    const [offer] = await loadOffers(ctx.services.db, { offerIds: [input.offerId] });
    if (!offer) throw new DomainError('OFFER_NOT_FOUND');
    return offer;
  });
