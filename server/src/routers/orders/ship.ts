import { ORDER_LIMITS, ZOrderDetail, ZShipOrderInput } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { DomainError } from '../../domain/domain-error.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { lockOrderForParty, orderLink } from '../../domain/orders/lock-order.ts';
import { loadOrderDetail } from '../../domain/orders/read-orders.ts';
import { notify } from '../../domain/notifications/notify.ts';
import { recomputeSellerReputation } from '../../domain/reviews/seller-reputation.ts';

/** The seller ships a paid order (spec 2 §4): delivery info, and the 7-day auto-complete clock starts. */
export const ship = memberProcedure
  .input(ZShipOrderInput)
  .output(ZOrderDetail)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.services.clock.now();
    await runInTransaction(ctx.services.db, async (trx) => {
      const order = await lockOrderForParty(trx, { orderId: input.orderId, userId: ctx.user.id, as: 'seller' });
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
    return loadOrderDetail(ctx.services.db, { orderId: input.orderId, viewerId: ctx.user.id, now });
  });
