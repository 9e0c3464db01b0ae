import { ZOrderDetail, ZOrderIdInput } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { loadOrderDetail } from '../../domain/orders/read-orders.ts';

/** /orders/:id — for the order's buyer and seller, and read-only for admins (rule O-14). */
export const get = memberProcedure
  .input(ZOrderIdInput)
  .output(ZOrderDetail)
  .query(({ ctx, input }) =>
    loadOrderDetail(ctx.services.db, { orderId: input.orderId, viewerId: ctx.user.id, viewerIsAdmin: ctx.user.isAdmin, now: ctx.services.clock.now() }),
  );
