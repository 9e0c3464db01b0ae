import { z } from 'zod';
import { ZMyOffer } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { toBuyingRequestSummary } from '../../../domain/buying-requests/read.ts';
import { loadOffers } from '../../../domain/buying-requests/offers/read.ts';

/** /buying-requests/offers: the seller's own offers, newest first, with the request each is for. */
export const mine = memberProcedure.output(z.array(ZMyOffer)).query(async ({ ctx }) => {
  const now = ctx.services.clock.now();
  const offers = (await loadOffers(ctx.services.db, { sellerId: ctx.user.id })).reverse();
  if (offers.length === 0) return [];
  const requests = await ctx.services.db
    .selectFrom('buying_requests')
    .selectAll()
    .where('id', 'in', [...new Set(offers.map((o) => o.requestId))])
    .execute();
  const byId = new Map(requests.map((row) => [row.id, toBuyingRequestSummary(row, now)]));
  return offers.flatMap((offer) => {
    const request = byId.get(offer.requestId);
    return request ? [{ ...offer, request }] : [];
  });
});
