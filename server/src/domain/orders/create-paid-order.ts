import { formatCents, ORDER_LIMITS } from '@curio/shared';
import type { Tx } from '../../db/transaction.ts';
import { transfer } from '../ledger/index.ts';
import { notify } from '../notifications/notify.ts';
import { orderLink } from './lock-order.ts';

export interface NewPaidOrder {
  buyerId: string;
  sellerId: string;
  listingId: string | null;
  buyingRequestId: string | null;
  offerId: string | null;
  title: string;
  imageKey: string | null;
  unit: string | null;
  unitPriceCents: number;
  quantity: number;
  now: Date;
}

/**
 * Writes an order as paid and moves its total from the buyer's available balance into escrow,
 * in the caller's transaction (engineering rule E-5): either the order exists and the money is
 * held, or neither. The ledger refuses a short balance with INSUFFICIENT_BALANCE {needed}
 * before anything is written, so the caller's transaction rolls back its stock change too.
 * The order is never created as pending (ADR 0013). The seller hears about it as order_paid.
 */
export async function createPaidOrder(trx: Tx, input: NewPaidOrder): Promise<{ orderId: string; totalCents: number; affectedUserIds: string[] }> {
  const totalCents = input.unitPriceCents * input.quantity;
  if (!Number.isSafeInteger(totalCents)) throw new Error('order total exceeds the safe integer range');
  const order = await trx
    .insertInto('orders')
    .values({
      listing_id: input.listingId,
      buying_request_id: input.buyingRequestId,
      offer_id: input.offerId,
      buyer_id: input.buyerId,
      seller_id: input.sellerId,
      title: input.title,
      image_key: input.imageKey,
      unit: input.unit,
      unit_price_cents: input.unitPriceCents,
      quantity: input.quantity,
      total_cents: totalCents,
      status: 'paid',
      paid_at: input.now,
      ship_deadline_at: new Date(input.now.getTime() + ORDER_LIMITS.shipDeadlineMs),
      // the clock's time, not the database's: lists page by it and tests move the clock
      created_at: input.now,
      updated_at: input.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const moved = await transfer(trx, {
    currency: 'usdn',
    from: { user: input.buyerId },
    to: { system: 'escrow' },
    amount: totalCents,
    kind: 'purchase_escrow',
    referenceType: 'order',
    referenceId: order.id,
    createdBy: input.buyerId,
  });
  await notify(trx, {
    userId: input.sellerId,
    type: 'order_paid',
    params: { title: input.title, quantity: input.quantity, amount: formatCents(totalCents) },
    link: orderLink(order.id),
  });
  return { orderId: order.id, totalCents, affectedUserIds: moved.affectedUserIds };
}
