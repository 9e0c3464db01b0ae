import type { z } from 'zod';
import { randomUUID } from 'node:crypto';
import type { ZCreateReviewInput, ZReview } from '@curio/shared';
import { reviewSentiment } from '@curio/shared';
import { DomainError } from '../domain-error.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { cleanReviewContent } from './review-content.ts';
import { assertOwnUploads } from '../uploads/own-uploads.ts';
import { storageFor } from '../../storage/storage-for.ts';
import { afterReviewChange, nicknameOf, reviewableOrder } from './write-review.ts';
import { loadReview } from './read.ts';
import { recordActivity } from '../activities/record-activity.ts';
import { notify } from '../notifications/notify.ts';
import type { AppServices } from '../../app-services.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';

/**
 * Review a completed order (rules S-18 and S-19): its buyer only, once (the unique index settles a
 * double submit). The reviewee is the order's seller and the listing comes from the order, never
 * from the client. The seller's reputation, the buyer's activity and the seller's notification
 * commit with the review or not at all.
 */
export async function postReview(services: AppServices, memberId: string, input: z.output<typeof ZCreateReviewInput>): Promise<z.output<typeof ZReview>> {
  const userId = memberId;
  const { content, images } = cleanReviewContent(input);
  await assertOwnUploads(services.db, storageFor(services), { userId, keys: images, error: 'LISTING_IMAGE_MISSING' });
  const id = randomUUID();
  const now = services.clock.now();
  try {
    await runInTransaction(services.db, async (trx) => {
      const order = await reviewableOrder(trx, input.orderId, userId);
      const existing = await trx.selectFrom('reviews').select('id').where('order_id', '=', order.id).where('reviewer_id', '=', userId).executeTakeFirst();
      if (existing) throw new DomainError('REVIEW_EXISTS');
      await trx
        .insertInto('reviews')
        .values({
          id,
          order_id: order.id,
          listing_id: order.listing_id,
          reviewer_id: userId,
          reviewee_id: order.seller_id,
          rating: input.rating,
          content,
          images,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await afterReviewChange(trx, order.seller_id);
      await recordActivity(trx, {
        userId,
        type: 'review',
        relatedId: order.listing_id ?? order.id,
        data: {
          title: order.title,
          image: order.image_key,
          ...(order.listing_id ? { listing_id: order.listing_id, listing_title: order.title } : {}),
          role: 'buyer',
        },
      });
      await notify(trx, {
        userId: order.seller_id,
        type: 'review_received',
        params: { nickname: await nicknameOf(trx, userId), title: order.title, rating: input.rating, sentiment: reviewSentiment(input.rating) },
        link: `/orders/${order.id}`,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('REVIEW_EXISTS');
    throw error;
  }
  const review = await loadReview(services.db, { id });
  if (!review) throw new DomainError('REVIEW_NOT_FOUND');
  return review;
}
