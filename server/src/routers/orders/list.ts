import { ZOrdersListInput, ZOrdersPage } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { listMyOrders } from '../../domain/orders/list-orders.ts';

/** /orders: the member's purchases (buy) or sales (sell), newest first, a page at a time. */
export const list = memberProcedure
  .input(ZOrdersListInput)
  .output(ZOrdersPage)
  .query(({ ctx, input }) => listMyOrders(ctx.services, ctx.user.id, input));
