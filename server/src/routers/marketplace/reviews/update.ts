import { ZReview, ZUpdateReviewInput } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { DomainError } from '../../../domain/domain-error.ts';
import { runInTransaction } from '../../../db/transaction.ts';
import { cleanReviewContent } from '../../../domain/reviews/review-content.ts';
import { assertOwnUploads } from '../../../domain/uploads/own-uploads.ts';
import { storageFor } from '../../../storage/storage-for.ts';
import { afterReviewChange, ownedReview } from '../../../domain/reviews/write-review.ts';
import { loadReview } from '../../../domain/reviews/read.ts';

/** Edit one's own review (spec 2 §4); the same rules as writing it, and the reputation follows. */
export const update = memberProcedure
  .input(ZUpdateReviewInput)
  .output(ZReview)
  .mutation(async ({ ctx, input }) => {
    const userId = ctx.user.id;
    const { content, images } = cleanReviewContent(input);
    // Images a review no longer shows stay in storage: an orphan file costs only disk space.
    await runInTransaction(ctx.services.db, async (trx) => {
      const review = await ownedReview(trx, input.reviewId, userId);
      await assertOwnUploads(trx, storageFor(ctx.services), { userId, keys: images, alreadyAttached: review.images, error: 'LISTING_IMAGE_MISSING' });
      await trx
        .updateTable('reviews')
        .set({ rating: input.rating, content, images, updated_at: ctx.services.clock.now() })
        .where('id', '=', review.id)
        .execute();
      await afterReviewChange(trx, review.reviewee_id);
    });
    const review = await loadReview(ctx.services.db, { id: input.reviewId });
    if (!review) throw new DomainError('REVIEW_NOT_FOUND');
    return review;
  });
