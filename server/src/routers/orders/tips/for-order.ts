import { z } from 'zod';
import { ZTip, ZTipsForOrderInput } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { DomainError } from '../../../domain/domain-error.ts';
import { loadTips } from '../../../domain/orders/tips/read.ts';

/** The tips on an order, newest first, for its buyer and seller only. */
export const forOrder = memberProcedure
  .input(ZTipsForOrderInput)
  .output(z.array(ZTip))
  .query(async ({ ctx, input }) => {
    const order = await ctx.services.db
      .selectFrom('orders')
      .select(['id', 'buyer_id', 'seller_id'])
      .where('id', '=', input.orderId)
      .executeTakeFirst();
    if (!order) throw new DomainError('ORDER_NOT_FOUND');
    if (order.buyer_id !== ctx.user.id && order.seller_id !== ctx.user.id) throw new DomainError('ORDER_ACCESS_DENIED');
    return loadTips(ctx.services.db, { orderId: order.id });
  });
