import type { Tx } from '../../db/transaction.ts';
import { DomainError } from '../domain-error.ts';
import { recomputeSellerReputation } from './seller-reputation.ts';

/**
 * The order a review is about, checked for its buyer: only the buyer of a completed order may
 * review it (rule S-18). The row is read with FOR SHARE, so a refund or status change racing
 * with the review waits for it instead of slipping underneath.
 */
export async function reviewableOrder(trx: Tx, orderId: string, userId: string) {
  const order = await trx
    .selectFrom('orders')
    .select(['id', 'buyer_id', 'seller_id', 'listing_id', 'status', 'title', 'image_key'])
    .where('id', '=', orderId)
    .forShare()
    .executeTakeFirst();
  if (!order) throw new DomainError('ORDER_NOT_FOUND');
  if (order.buyer_id !== userId || order.status !== 'completed') throw new DomainError('REVIEW_NOT_ALLOWED');
  return order;
}

/** The review, if it exists and the member wrote it (edit and delete own only). */
export async function ownedReview(trx: Tx, reviewId: string, userId: string) {
  const review = await trx
    .selectFrom('reviews')
    .select(['id', 'reviewer_id', 'reviewee_id', 'order_id', 'images'])
    .where('id', '=', reviewId)
    .forUpdate()
    .executeTakeFirst();
  if (!review) throw new DomainError('REVIEW_NOT_FOUND');
  if (review.reviewer_id !== userId) throw new DomainError('FORBIDDEN');
  return review;
}

/** Every review write ends here, in its own transaction (ADR 0014: recompute from facts). */
export function afterReviewChange(trx: Tx, sellerId: string): Promise<void> {
  return recomputeSellerReputation(trx, sellerId);
}

/** A member's nickname for a notification's text. */
export async function nicknameOf(trx: Tx, userId: string): Promise<string> {
  const row = await trx.selectFrom('profiles').select('nickname').where('user_id', '=', userId).executeTakeFirst();
  return row?.nickname ?? '';
}
