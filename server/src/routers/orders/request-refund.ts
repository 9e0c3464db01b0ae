import { ZOrderDetail, ZRequestRefundInput } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { requestOrderRefund } from '../../domain/orders/request-refund.ts';

/**
 * The buyer asks for a refund of a paid or shipped order (rule O-11). The order waits in
 * refunding, its escrow untouched, until an admin decides (domain/orders/resolve-refund.ts).
 * One request per order (ADR 0013): after a rejection the buyer's next step is a complaint.
 */
export const requestRefund = memberProcedure
  .input(ZRequestRefundInput)
  .output(ZOrderDetail)
  .mutation(({ ctx, input }) => requestOrderRefund(ctx.services, ctx.user.id, input));
