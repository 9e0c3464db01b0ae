import { z } from 'zod';
import { ZMyOffer } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { myOffers } from '../../../domain/buying-requests/offers/my-offers.ts';

/** /buying-requests/offers: the seller's own offers, newest first, with the request each is for. */
export const mine = memberProcedure.output(z.array(ZMyOffer)).query(({ ctx }) => myOffers(ctx.services, ctx.user.id));
