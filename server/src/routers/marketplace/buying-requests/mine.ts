import { z } from 'zod';
import { ZMyBuyingRequest, type TOffer } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { toBuyingRequestSummary } from '../../../domain/buying-requests/read.ts';
import { loadOffers } from '../../../domain/buying-requests/offers/read.ts';

/** /buying-requests/my: the caller's requests, newest first, each with all its offers and their history. */
export const mine = memberProcedure.output(z.array(ZMyBuyingRequest)).query(async ({ ctx }) => {
  const now = ctx.services.clock.now();
  const rows = await ctx.services.db
    .selectFrom('buying_requests')
    .selectAll()
    .where('user_id', '=', ctx.user.id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  const offers = await Promise.all(rows.map((row) => loadOffers(ctx.services.db, { requestId: row.id })));
  return rows.map((row, index) => ({ ...toBuyingRequestSummary(row, now), offers: offers[index] ?? ([] as TOffer[]) }));
});
