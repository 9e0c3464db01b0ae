import { ZOffer, ZOfferIdInput } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { acceptOffer } from '../../../domain/buying-requests/offers/accept-offer.ts';

/** Accept the price on the table: a deal, the price held in escrow and a paid order. */
export const accept = memberProcedure
  .input(ZOfferIdInput)
  .output(ZOffer)
  .mutation(({ ctx, input }) => acceptOffer(ctx.services, { memberId: ctx.user.id, offerId: input.offerId }));
