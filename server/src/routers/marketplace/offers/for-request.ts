import { z } from 'zod';
import { ZOffer, ZOffersForRequestInput } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { offersForRequest } from '../../../domain/buying-requests/offers/for-request.ts';

/** The requester sees every offer on the request with its history; a seller sees only their own. */
export const forRequest = memberProcedure
  .input(ZOffersForRequestInput)
  .output(z.array(ZOffer))
  .query(({ ctx, input }) => offersForRequest(ctx.services, ctx.user.id, input));
