import { sql } from 'kysely';
import type { AppServices } from '../../app-services.ts';
import type { Tx } from '../../db/transaction.ts';
import { runMoneyCommand } from '../ledger/money-command.ts';
import { DomainError } from '../domain-error.ts';
import { createPaidOrder } from './create-paid-order.ts';

/**
 * Buys `quantity` of a listing (rules O-1 and O-2). The stock is taken by one conditional
 * UPDATE (engineering rule E-6): it succeeds only while the listing is still available with enough
 * left, so a hundred buyers racing for three items get exactly three orders and the quantity
 * never goes below zero. The first checks give the precise error; the UPDATE is the guarantee.
 */
export async function purchaseListing(
  trx: Tx,
  input: { buyerId: string; listingId: string; quantity: number; now: Date },
): Promise<{ orderId: string; affectedUserIds: string[] }> {
  const listing = await trx
    .selectFrom('listings')
    .select(['id', 'seller_id', 'status', 'review_status', 'quantity'])
    .where('id', '=', input.listingId)
    .executeTakeFirst();
  // a taken-down listing is invisible to everyone but its owner (listings.get), so it is "not found" here too
  if (!listing || (listing.status === 'unavailable' && listing.seller_id !== input.buyerId)) {
    throw new DomainError('LISTING_NOT_FOUND');
  }
  if (listing.seller_id === input.buyerId) throw new DomainError('CANNOT_BUY_OWN');
  if (listing.status !== 'available' || listing.review_status === 'rejected') throw new DomainError('LISTING_NOT_AVAILABLE');
  if (input.quantity > listing.quantity) throw new DomainError('OUT_OF_STOCK', { available: listing.quantity });

  const taken = await trx
    .updateTable('listings')
    .set({
      quantity: sql<number>`quantity - ${input.quantity}`,
      status: sql<string>`CASE WHEN quantity - ${input.quantity} = 0 THEN 'sold' ELSE status END`,
      buyer_id: sql<string | null>`CASE WHEN quantity - ${input.quantity} = 0 THEN ${input.buyerId}::uuid ELSE buyer_id END`,
      sold_at: sql<Date | null>`CASE WHEN quantity - ${input.quantity} = 0 THEN ${input.now}::timestamptz ELSE sold_at END`,
      purchase_count: sql<number>`purchase_count + 1`,
      updated_at: input.now,
    })
    .where('id', '=', input.listingId)
    .where('status', '=', 'available')
    .where('review_status', '<>', 'rejected')
    .where('quantity', '>=', input.quantity)
    .returning(['seller_id', 'title', 'images', 'unit', 'price_cents'])
    .executeTakeFirst();
  if (!taken) {
    // someone bought (or the seller changed the listing) between the read and the UPDATE
    const current = await trx.selectFrom('listings').select(['status', 'quantity']).where('id', '=', input.listingId).executeTakeFirst();
    if (!current || current.status !== 'available') throw new DomainError('LISTING_NOT_AVAILABLE');
    throw new DomainError('OUT_OF_STOCK', { available: current.quantity });
  }

  // price, title and image come from the row the UPDATE locked: what the buyer pays is what was on sale then
  return createPaidOrder(trx, {
    buyerId: input.buyerId,
    sellerId: taken.seller_id,
    listingId: input.listingId,
    buyingRequestId: null,
    offerId: null,
    title: taken.title,
    imageKey: taken.images[0] ?? null,
    unit: taken.unit,
    unitPriceCents: taken.price_cents,
    quantity: input.quantity,
    now: input.now,
  });
}

/**
 * The member buys: stock taken, a paid order, the total held in escrow, in one transaction and
 * once per idempotency key, so a double click or a retried request buys once.
 */
export function buyListing(services: AppServices, input: { buyerId: string; listingId: string; quantity: number; idempotencyKey: string }) {
  const { buyerId, listingId, quantity, idempotencyKey } = input;
  return runMoneyCommand(services, { userId: buyerId, key: idempotencyKey, operation: 'orders.purchase', params: { listingId, quantity } }, (trx) =>
    purchaseListing(trx, { buyerId, listingId, quantity, now: services.clock.now() }),
  );
}
