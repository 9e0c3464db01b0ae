import { ZConfirmReceiptInput, ZOrderDetail } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { DomainError } from '../../domain/domain-error.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { publishBalanceChanges } from '../../domain/ledger/index.ts';
import { withIdempotency } from '../../domain/ledger/with-idempotency.ts';
import { lockOrderForParty } from '../../domain/orders/lock-order.ts';
import { completeOrder } from '../../domain/orders/complete-order.ts';
import { loadOrderDetail } from '../../domain/orders/read-orders.ts';

/**
 * The buyer confirms receipt of a shipped order: the escrow goes to the seller, points to both
 * (spec 2 §4, §9). Idempotent per key; racing the auto-complete sweeper, exactly one wins.
 */
export const confirmReceipt = memberProcedure
  .input(ZConfirmReceiptInput)
  .output(ZOrderDetail)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.services.clock.now();
    const result = await runInTransaction(ctx.services.db, (trx) =>
      withIdempotency(
        trx,
        { userId: ctx.user.id, key: input.idempotencyKey, operation: 'orders.confirmReceipt', params: { orderId: input.orderId } },
        async () => {
          const order = await lockOrderForParty(trx, { orderId: input.orderId, userId: ctx.user.id, as: 'buyer' });
          if (order.status !== 'shipped') throw new DomainError('ORDER_STATUS_CHANGED');
          const completed = await completeOrder(trx, { orderId: order.id, by: 'buyer', now });
          if (!completed) throw new DomainError('ORDER_STATUS_CHANGED');
          return { affectedUserIds: completed.affectedUserIds };
        },
      ),
    );
    await publishBalanceChanges(ctx.services.events, result.affectedUserIds);
    return loadOrderDetail(ctx.services.db, { orderId: input.orderId, viewerId: ctx.user.id, now });
  });
