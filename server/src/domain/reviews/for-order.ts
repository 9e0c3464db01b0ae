import type { z } from 'zod';
import type { ZReview, ZReviewForOrderInput } from '@curio/shared';
import { DomainError } from '../domain-error.ts';
import { loadReview } from './read.ts';
import type { AppServices } from '../../app-services.ts';

/**
 * The buyer's review of an order, or null: the review dialog opens on it to edit or delete, and
 * the order page shows it. Only the order's buyer and seller may ask (spec 2 §6 order pages).
 */
export async function reviewsForOrder(services: AppServices, memberId: string, input: z.output<typeof ZReviewForOrderInput>): Promise<z.output<typeof ZReview> | null> {
  const order = await services.db
    .selectFrom('orders')
    .select(['id', 'buyer_id', 'seller_id'])
    .where('id', '=', input.orderId)
    .executeTakeFirst();
  if (!order) throw new DomainError('ORDER_NOT_FOUND');
  if (order.buyer_id !== memberId && order.seller_id !== memberId) throw new DomainError('ORDER_ACCESS_DENIED');
  return loadReview(services.db, { orderId: order.id, reviewerId: order.buyer_id });
}
