import { ZReview, ZReviewForOrderInput } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { DomainError } from '../../../domain/domain-error.ts';
import { loadReview } from '../../../domain/reviews/read.ts';

/**
 * The buyer's review of an order, or null: the review dialog opens on it to edit or delete, and
 * the order page shows it. Only the order's buyer and seller may ask (spec 2 §6 order pages).
 */
export const forOrder = memberProcedure
  .input(ZReviewForOrderInput)
  .output(ZReview.nullable())
  .query(async ({ ctx, input }) => {
    const order = await ctx.services.db
      .selectFrom('orders')
      .select(['id', 'buyer_id', 'seller_id'])
      .where('id', '=', input.orderId)
      .executeTakeFirst();
    if (!order) throw new DomainError('ORDER_NOT_FOUND');
    if (order.buyer_id !== ctx.user.id && order.seller_id !== ctx.user.id) throw new DomainError('ORDER_ACCESS_DENIED');
    return loadReview(ctx.services.db, { orderId: order.id, reviewerId: order.buyer_id });
  });
