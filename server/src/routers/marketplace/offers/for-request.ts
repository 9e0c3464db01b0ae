import { z } from 'zod';
import { ZOffer, ZOffersForRequestInput } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { DomainError } from '../../../domain/domain-error.ts';
import { loadOffers } from '../../../domain/buying-requests/offers/read.ts';

/** The requester sees every offer on the request with its history; a seller sees only their own. */
export const forRequest = memberProcedure
  .input(ZOffersForRequestInput)
  .output(z.array(ZOffer))
  .query(async ({ ctx, input }) => {
    const request = await ctx.services.db
      .selectFrom('buying_requests')
      .select('user_id')
      .where('id', '=', input.requestId)
      .executeTakeFirst();
    if (!request) throw new DomainError('BUYING_REQUEST_NOT_FOUND');
    return request.user_id === ctx.user.id
      ? loadOffers(ctx.services.db, { requestId: input.requestId })
      : loadOffers(ctx.services.db, { requestId: input.requestId, sellerId: ctx.user.id });
  });
