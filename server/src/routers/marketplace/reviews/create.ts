import { ZCreateReviewInput, ZReview } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { postReview } from '../../../domain/reviews/post-review.ts';

/**
 * Review a completed order (rules S-18 and S-19): its buyer only, once (the unique index settles a
 * double submit). The reviewee is the order's seller and the listing comes from the order, never
 * from the client. The seller's reputation, the buyer's activity and the seller's notification
 * commit with the review or not at all.
 */
export const create = memberProcedure
  .input(ZCreateReviewInput)
  .output(ZReview)
  .mutation(({ ctx, input }) => postReview(ctx.services, ctx.user.id, input));
