import { ZConfirmReceiptInput, ZOrderDetail } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { confirmReceipt as confirm } from '../../domain/orders/complete-order.ts';
import { loadOrderDetail } from '../../domain/orders/read-orders.ts';

/** The buyer confirms receipt of a shipped order: the escrow is released to the seller. */
export const confirmReceipt = memberProcedure
  .input(ZConfirmReceiptInput)
  .output(ZOrderDetail)
  .mutation(async ({ ctx, input }) => {
    await confirm(ctx.services, { buyerId: ctx.user.id, ...input });
    return loadOrderDetail(ctx.services.db, { orderId: input.orderId, viewerId: ctx.user.id, now: ctx.services.clock.now() });
  });
