import type { TReview } from '@curio/shared';
import type { AppServices } from '../../app-services.ts';
import { orderOfParty } from '../orders/lock-order.ts';
import { loadReview } from './read.ts';

/**
 * The buyer's review of an order, or null: the review dialog opens on it to edit or delete, and
 * the order page shows it. Only the order's buyer and seller may ask.
 */
export async function reviewsForOrder(services: AppServices, memberId: string, input: { orderId: string }): Promise<TReview | null> {
  const order = await orderOfParty(services.db, input.orderId, memberId);
  return loadReview(services.db, { orderId: order.id, reviewerId: order.buyer_id });
}
