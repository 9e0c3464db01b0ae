import type { z } from 'zod';
import type { ZReview, ZUpdateReviewInput } from '@curio/shared';
import { DomainError } from '../domain-error.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { cleanReviewContent } from './review-content.ts';
import { assertOwnUploads } from '../uploads/own-uploads.ts';
import { storageFor } from '../../storage/storage-for.ts';
import { afterReviewChange, ownedReview } from './write-review.ts';
import { loadReview } from './read.ts';
import type { AppServices } from '../../app-services.ts';

/** Edit one's own review (rule S-18); the same rules as writing it, and the reputation follows. */
export async function editReview(services: AppServices, memberId: string, input: z.output<typeof ZUpdateReviewInput>): Promise<z.output<typeof ZReview>> {
  const userId = memberId;
  const { content, images } = cleanReviewContent(input);
  // Images a review no longer shows stay in storage: an orphan file costs only disk space.
  await runInTransaction(services.db, async (trx) => {
    const review = await ownedReview(trx, input.reviewId, userId);
    await assertOwnUploads(trx, storageFor(services), { userId, keys: images, alreadyAttached: review.images, error: 'LISTING_IMAGE_MISSING' });
    await trx.updateTable('reviews').set({ rating: input.rating, content, images, updated_at: services.clock.now() }).where('id', '=', review.id).execute();
    await afterReviewChange(trx, review.reviewee_id);
  });
  const review = await loadReview(services.db, { id: input.reviewId });
  if (!review) throw new DomainError('REVIEW_NOT_FOUND');
  return review;
}
