import type { z } from 'zod';
import { sql } from 'kysely';
import type { TOrderStatus, ZOrderDetail, ZRequestRefundInput } from '@curio/shared';
import { formatCents, refundRefusal } from '@curio/shared';
import { DomainError } from '../domain-error.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { lockOrderForParty, orderLink } from './lock-order.ts';
import { loadOrderDetail } from './read-orders.ts';
import { notify } from '../notifications/notify.ts';
import type { AppServices } from '../../app-services.ts';

/**
 * The buyer asks for a refund of a paid or shipped order (rule O-11). The order waits in
 * refunding, its escrow untouched, until an admin decides (domain/orders/resolve-refund.ts).
 * Who may ask and when is the shared refundRefusal, the rule the order page offers the action by
 * (ADR 0029): one request per order, so after a rejection the buyer's next step is a complaint.
 */
export async function requestOrderRefund(
  services: AppServices,
  memberId: string,
  input: z.output<typeof ZRequestRefundInput>,
): Promise<z.output<typeof ZOrderDetail>> {
  const now = services.clock.now();
  await runInTransaction(services.db, async (trx) => {
    const order = await lockOrderForParty(trx, { orderId: input.orderId, userId: memberId, as: 'buyer' });
    const earlier = await trx.selectFrom('refunds').select('id').where('order_id', '=', order.id).executeTakeFirst();
    const refusal = refundRefusal({ status: order.status as TOrderStatus, hasRefundRequest: earlier !== undefined });
    if (refusal) throw new DomainError(refusal);
    const moved = await trx
      .updateTable('orders')
      .set({ status: 'refunding', status_before_refund: sql<string>`status`, updated_at: now })
      .where('id', '=', order.id)
      .where('status', 'in', ['paid', 'shipped'])
      .executeTakeFirst();
    if (moved.numUpdatedRows === 0n) throw new DomainError('ORDER_STATUS_CHANGED');
    await trx
      .insertInto('refunds')
      .values({ order_id: order.id, requester_id: memberId, reason: input.reason, amount_cents: order.total_cents, created_at: now })
      .execute();
    await notify(trx, {
      userId: order.seller_id,
      type: 'refund_requested',
      params: { title: order.title, amount: formatCents(order.total_cents) },
      link: orderLink(order.id),
    });
  });
  return loadOrderDetail(services.db, { orderId: input.orderId, viewerId: memberId, now });
}
