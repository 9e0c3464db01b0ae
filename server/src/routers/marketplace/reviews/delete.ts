import { ZDeleteReviewResult, ZReviewIdInput } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { deleteReview } from '../../../domain/reviews/delete-review.ts';

/**
 * Delete one's own review (rule S-18). The seller's score is recomputed without it, and the
 * order may be reviewed again (the unique index only holds one review at a time). Its images stay
 * in storage, for the reason given in update.ts.
 */
export const remove = memberProcedure
  .input(ZReviewIdInput)
  .output(ZDeleteReviewResult)
  .mutation(({ ctx, input }) => deleteReview(ctx.services, ctx.user.id, input));
