import { ZDeleteReviewResult, ZReviewIdInput } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { runInTransaction } from '../../../db/transaction.ts';
import { afterReviewChange, ownedReview } from '../../../domain/reviews/write-review.ts';

/**
 * Delete one's own review (spec 2 §4). The seller's score is recomputed without it, and the
 * order may be reviewed again (the unique index only holds one review at a time). Its images stay
 * in storage, for the reason given in update.ts.
 */
export const remove = memberProcedure
  .input(ZReviewIdInput)
  .output(ZDeleteReviewResult)
  .mutation(async ({ ctx, input }) => {
    await runInTransaction(ctx.services.db, async (trx) => {
      const review = await ownedReview(trx, input.reviewId, ctx.user.id);
      await trx.deleteFrom('reviews').where('id', '=', review.id).execute();
      await afterReviewChange(trx, review.reviewee_id);
    });
    return { deleted: true as const };
  });
