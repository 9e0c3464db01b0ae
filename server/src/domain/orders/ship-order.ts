import type { z } from 'zod';
import type { ZOrderDetail, ZShipOrderInput } from '@curio/shared';
import { ORDER_LIMITS } from '@curio/shared';
import { DomainError } from '../domain-error.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { lockOrderForParty, orderLink } from './lock-order.ts';
import { loadOrderDetail } from './read-orders.ts';
import { notify } from '../notifications/notify.ts';
import { recomputeSellerReputation } from '../reviews/seller-reputation.ts';
import type { AppServices } from '../../app-services.ts';

/** The seller ships a paid order (rule O-6): delivery info, and the 7-day auto-complete clock of rule O-8 starts. */
export async function shipOrder(services: AppServices, memberId: string, input: z.output<typeof ZShipOrderInput>): Promise<z.output<typeof ZOrderDetail>> {
  const now = services.clock.now();
  await runInTransaction(services.db, async (trx) => {
    const order = await lockOrderForParty(trx, { orderId: input.orderId, userId: memberId, as: 'seller' });
    const shipped = await trx
      .updateTable('orders')
      .set({
        status: 'shipped',
        delivery_info: input.deliveryInfo,
        shipped_at: now,
        auto_complete_at: new Date(now.getTime() + ORDER_LIMITS.autoCompleteAfterMs),
        updated_at: now,
      })
      .where('id', '=', order.id)
      .where('status', '=', 'paid')
      .executeTakeFirst();
    if (shipped.numUpdatedRows === 0n) throw new DomainError('ORDER_STATUS_CHANGED');
    await notify(trx, { userId: order.buyer_id, type: 'order_shipped', params: { title: order.title }, link: orderLink(order.id) });
    // attendance counts shipped orders (ADR 0014)
    await recomputeSellerReputation(trx, order.seller_id);
  });
  return loadOrderDetail(services.db, { orderId: input.orderId, viewerId: memberId, now });
}
