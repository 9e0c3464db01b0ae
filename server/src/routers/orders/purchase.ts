import { ZPurchaseInput, ZPurchaseResult } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { publishBalanceChanges } from '../../domain/ledger/index.ts';
import { withIdempotency } from '../../domain/ledger/with-idempotency.ts';
import { purchaseListing } from '../../domain/orders/purchase-listing.ts';

/**
 * Buy a listing (spec 2 §4-§5): stock taken, a paid order, the total held in escrow — one
 * transaction, once per idempotency key, so a double click or a retried request buys once.
 */
export const purchase = memberProcedure
  .input(ZPurchaseInput)
  .output(ZPurchaseResult)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.services.clock.now();
    const result = await runInTransaction(ctx.services.db, (trx) =>
      withIdempotency(
        trx,
        {
          userId: ctx.user.id,
          key: input.idempotencyKey,
          operation: 'orders.purchase',
          params: { listingId: input.listingId, quantity: input.quantity },
        },
        () => purchaseListing(trx, { buyerId: ctx.user.id, listingId: input.listingId, quantity: input.quantity, now }),
      ),
    );
    await publishBalanceChanges(ctx.services.events, result.affectedUserIds);
    return { orderId: result.orderId };
  });
