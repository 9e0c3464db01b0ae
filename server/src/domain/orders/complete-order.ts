import { sql } from 'kysely';
import { formatCents, ORDER_LIMITS } from '@curio/shared';
import type { AppServices } from '../../app-services.ts';
import type { Tx } from '../../db/transaction.ts';
import { DomainError } from '../domain-error.ts';
import { runMoneyCommand } from '../ledger/money-command.ts';
import { transfer } from '../ledger/index.ts';
import { settleEscrow } from './escrow.ts';
import { notify } from '../notifications/notify.ts';
import { recordActivity } from '../activities/record-activity.ts';
import { lockOrderForParty, orderLink, type OrderRow } from './lock-order.ts';
import { rewardInvitationOnPurchase } from '../accounts/invitation-rewards.ts';

/** Points on completion (rule O-17), a percentage of the total in whole USDN, floored. */
export function orderPoints(totalCents: number): { buyer: number; seller: number } {
  // total_cents / 100 USDN × percent / 100, in integers: floor(total_cents × percent / 10000)
  return {
    buyer: Math.floor((totalCents * ORDER_LIMITS.buyerPointsPercent) / 10_000),
    seller: Math.floor((totalCents * ORDER_LIMITS.sellerPointsPercent) / 10_000),
  };
}

/**
 * shipped → completed, by the buyer's confirmation or the sweeper (engineering rules E-5 and E-12).
 * The guarded UPDATE is what makes it happen once: whoever loses the race sees no row and gets
 * null, and nothing else is written. The winner, in the same transaction, releases the escrow to
 * the seller, pays the order points and an invited buyer's invitation rewards, counts the sale,
 * completes the buying request of an offer deal, records the buyer's activity and notifies.
 */
export async function completeOrder(
  trx: Tx,
  input: { orderId: string; by: 'buyer' | 'auto'; now: Date },
): Promise<{ order: OrderRow; affectedUserIds: string[] } | null> {
  const order = await trx
    .updateTable('orders')
    .set({ status: 'completed', completed_at: input.now, completed_by: input.by, updated_at: input.now })
    .where('id', '=', input.orderId)
    .where('status', '=', 'shipped')
    .returningAll()
    .executeTakeFirst();
  if (!order) return null;

  const affected = new Set<string>();
  const release = await settleEscrow(trx, order, 'seller', input.by === 'buyer' ? { createdBy: order.buyer_id } : {});
  release.affectedUserIds.forEach((id) => affected.add(id));

  const points = orderPoints(order.total_cents);
  for (const [userId, amount] of [
    [order.buyer_id, points.buyer],
    [order.seller_id, points.seller],
  ] as const) {
    // an order under 20 (buyer) or 10 (seller) USDN earns no whole point: no zero transfer
    if (amount <= 0) continue;
    const paid = await transfer(trx, {
      currency: 'points',
      from: { system: 'rewards' },
      to: { user: userId },
      amount,
      kind: 'order_points',
      referenceType: 'order',
      referenceId: order.id,
    });
    paid.affectedUserIds.forEach((id) => affected.add(id));
  }

  // an invited buyer's first real purchase is what pays their invitation (ADR 0045)
  const invitation = await rewardInvitationOnPurchase(trx, order, input.now);
  invitation.affectedUserIds.forEach((id) => affected.add(id));

  await trx
    .updateTable('profiles')
    .set({ sold_count: sql<number>`sold_count + ${order.quantity}` })
    .where('user_id', '=', order.seller_id)
    .execute();

  if (order.offer_id) {
    await trx
      .updateTable('buying_offers')
      .set({ status: 'completed', updated_at: input.now })
      .where('id', '=', order.offer_id)
      .where('status', '=', 'accepted')
      .execute();
  }
  if (order.buying_request_id) {
    await trx.updateTable('buying_requests').set({ status: 'completed' }).where('id', '=', order.buying_request_id).where('status', '=', 'deal_made').execute();
  }

  await recordActivity(trx, {
    userId: order.buyer_id,
    type: 'order_complete',
    relatedId: order.id,
    data: {
      title: order.title,
      image: order.image_key,
      amount: order.total_cents,
      role: 'buyer',
      ...(order.listing_id ? { listing_id: order.listing_id, listing_title: order.title } : {}),
    },
  });

  const params = { title: order.title, amount: formatCents(order.total_cents) };
  if (input.by === 'buyer') {
    await notify(trx, { userId: order.seller_id, type: 'order_completed', params, link: orderLink(order.id) });
  } else {
    for (const userId of [order.buyer_id, order.seller_id]) {
      await notify(trx, { userId, type: 'order_auto_completed', params, link: orderLink(order.id) });
    }
  }
  return { order, affectedUserIds: [...affected] };
}

/**
 * The buyer confirms receipt of a shipped order: the escrow goes to the seller, points to both.
 * Once per idempotency key; racing the auto-complete sweeper, exactly one of them completes it.
 */
export function confirmReceipt(services: AppServices, input: { buyerId: string; orderId: string; idempotencyKey: string }) {
  const { buyerId, orderId, idempotencyKey } = input;
  return runMoneyCommand(services, { userId: buyerId, key: idempotencyKey, operation: 'orders.confirmReceipt', params: { orderId } }, async (trx) => {
    const order = await lockOrderForParty(trx, { orderId, userId: buyerId, as: 'buyer' });
    if (order.status !== 'shipped') throw new DomainError('ORDER_STATUS_CHANGED');
    const completed = await completeOrder(trx, { orderId: order.id, by: 'buyer', now: services.clock.now() });
    if (!completed) throw new DomainError('ORDER_STATUS_CHANGED');
    return { affectedUserIds: completed.affectedUserIds };
  });
}
