import { sql } from 'kysely';
import { formatCents } from '@curio/shared';
import type { Tx } from '../../db/transaction.ts';
import { notify } from '../notifications/notify.ts';
import { recomputeSellerReputation } from '../reviews/seller-reputation.ts';
import { settleEscrow } from './escrow.ts';
import { orderLink, type OrderRow } from './lock-order.ts';

/**
 * ADR 0013: a paid order the seller has not shipped by ship_deadline_at is cancelled. The guarded
 * UPDATE (paid → cancelled) makes it happen once, whoever races (a second sweeper, the seller
 * shipping at the last second). The escrow goes back to the buyer, the stock back to the
 * listing — a listing sold out by this order is on sale again — and the missed shipment counts
 * against the seller's reputation (ADR 0014).
 */
export async function cancelUnshippedOrder(trx: Tx, input: { orderId: string; now: Date }): Promise<{ order: OrderRow; affectedUserIds: string[] } | null> {
  const order = await trx
    .updateTable('orders')
    .set({ status: 'cancelled', cancelled_at: input.now, updated_at: input.now })
    .where('id', '=', input.orderId)
    .where('status', '=', 'paid')
    .where('ship_deadline_at', '<=', input.now)
    .returningAll()
    .executeTakeFirst();
  if (!order) return null;

  // the listing before the ledger accounts: the order a purchase takes its locks in, so the two never deadlock
  if (order.listing_id) {
    await trx
      .updateTable('listings')
      .set({
        quantity: sql<number>`quantity + ${order.quantity}`,
        // only a listing this stock had sold out returns to sale; a taken-down one stays down
        status: sql<string>`CASE WHEN status = 'sold' THEN 'available' ELSE status END`,
        buyer_id: sql<string | null>`CASE WHEN status = 'sold' THEN NULL ELSE buyer_id END`,
        sold_at: sql<Date | null>`CASE WHEN status = 'sold' THEN NULL ELSE sold_at END`,
        updated_at: input.now,
      })
      .where('id', '=', order.listing_id)
      .execute();
  }

  const refund = await settleEscrow(trx, order, 'buyer', { memo: 'not shipped in time' });

  const params = { title: order.title, amount: formatCents(order.total_cents) };
  for (const userId of [order.buyer_id, order.seller_id]) {
    await notify(trx, { userId, type: 'order_cancelled_unshipped', params, link: orderLink(order.id) });
  }
  await recomputeSellerReputation(trx, order.seller_id);
  return { order, affectedUserIds: refund.affectedUserIds };
}
