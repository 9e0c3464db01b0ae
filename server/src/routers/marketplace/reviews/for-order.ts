import { ZReview, ZReviewForOrderInput } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { reviewsForOrder } from '../../../domain/reviews/for-order.ts';

/**
 * The buyer's review of an order, or null: the review dialog opens on it to edit or delete, and
 * the order page shows it. Only the order's buyer and seller may ask (rule O-14).
 */
export const forOrder = memberProcedure
  .input(ZReviewForOrderInput)
  .output(ZReview.nullable())
  .query(({ ctx, input }) => reviewsForOrder(ctx.services, ctx.user.id, input));
