import { ZPurchaseInput, ZPurchaseResult } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { buyListing } from '../../domain/orders/purchase-listing.ts';

/** Buy a listing: the total is held in escrow until the buyer confirms receipt. */
export const purchase = memberProcedure
  .input(ZPurchaseInput)
  .output(ZPurchaseResult)
  .mutation(async ({ ctx, input }) => {
    const bought = await buyListing(ctx.services, { buyerId: ctx.user.id, ...input });
    return { orderId: bought.orderId };
  });
