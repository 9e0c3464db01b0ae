import type { z } from 'zod';
import type { ZDeleteReviewResult, ZReviewIdInput } from '@curio/shared';
import { runInTransaction } from '../../db/transaction.ts';
import { afterReviewChange, ownedReview } from './write-review.ts';
import type { AppServices } from '../../app-services.ts';

/**
 * Delete one's own review (rule S-18). The seller's score is recomputed without it, and the
 * order may be reviewed again (the unique index only holds one review at a time). Its images stay
 * in storage, for the reason given in update.ts.
 */
export async function deleteReview(
  services: AppServices,
  memberId: string,
  input: z.output<typeof ZReviewIdInput>,
): Promise<z.output<typeof ZDeleteReviewResult>> {
  await runInTransaction(services.db, async (trx) => {
    const review = await ownedReview(trx, input.reviewId, memberId);
    await trx.deleteFrom('reviews').where('id', '=', review.id).execute();
    await afterReviewChange(trx, review.reviewee_id);
  });
  return { deleted: true as const };
}
