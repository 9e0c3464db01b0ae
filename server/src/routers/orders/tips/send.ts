import { randomUUID } from 'node:crypto';
import { formatCents, TIP_LIMITS, wholeUsdnToCents, ZSendTipInput, ZTip } from '@curio/shared';
import { verifiedMemberProcedure } from '../../../trpc/init.ts';
import { DomainError } from '../../../domain/domain-error.ts';
import { runInTransaction } from '../../../db/transaction.ts';
import { transfer, publishBalanceChanges } from '../../../domain/ledger/index.ts';
import { withIdempotency } from '../../../domain/ledger/with-idempotency.ts';
import { sanitizePlainText } from '../../../domain/comments/sanitize.ts';
import { assertNoContactDetails } from '../../../domain/moderation/contact-check.ts';
import { notify } from '../../../domain/notifications/notify.ts';
import { nicknameOf } from '../../../domain/reviews/write-review.ts';
import { loadTips } from '../../../domain/orders/tips/read.ts';

/**
 * Tip the seller of a completed order (spec 2 §1, §5), in USDN or Curio points. The money moves
 * buyer → seller through the ledger in the same transaction as the tips row and the seller's
 * notification; the ledger refuses an amount above the chosen balance (INSUFFICIENT_BALANCE /
 * INSUFFICIENT_POINTS), so the client's check is only a hint. A double submit with one
 * idempotency key tips once. The message is plain text under the same contact rule as comments:
 * a tip must not become a way to pass a phone number past the chat filter.
 */
export const send = verifiedMemberProcedure
  .input(ZSendTipInput)
  .output(ZTip)
  .mutation(async ({ ctx, input }) => {
    const userId = ctx.user.id;
    const message = sanitizePlainText(input.message ?? '') || null;
    if (message !== null && [...message].length > TIP_LIMITS.messageMax) {
      throw new DomainError('CONTENT_TOO_LONG', { max: TIP_LIMITS.messageMax, field: 'message' });
    }
    assertNoContactDetails({ message });
    // USDN tips are typed in whole units (spec 2 §5: a positive whole number); the ledger counts cents
    const amount = input.currency === 'usdn' ? wholeUsdnToCents(input.amount) : input.amount;

    const { tipId } = await runInTransaction(ctx.services.db, (trx) =>
      withIdempotency(
        trx,
        {
          userId,
          key: input.idempotencyKey,
          operation: 'orders.tips.send',
          params: { orderId: input.orderId, currency: input.currency, amount: input.amount, message },
        },
        async () => {
          const order = await trx
            .selectFrom('orders')
            .select(['id', 'buyer_id', 'seller_id', 'status', 'title'])
            .where('id', '=', input.orderId)
            .executeTakeFirst();
          if (!order) throw new DomainError('ORDER_NOT_FOUND');
          if (order.buyer_id !== userId || order.status !== 'completed') throw new DomainError('TIP_NOT_ALLOWED');
          const id = randomUUID();
          await transfer(trx, {
            currency: input.currency,
            from: { user: userId },
            to: { user: order.seller_id },
            amount,
            kind: 'tip',
            referenceType: 'order',
            referenceId: order.id,
            memo: `tip ${id}`,
            createdBy: userId,
          });
          await trx
            .insertInto('tips')
            .values({
              id,
              order_id: order.id,
              from_user_id: userId,
              to_user_id: order.seller_id,
              currency: input.currency,
              amount,
              message,
              created_at: ctx.services.clock.now(),
            })
            .execute();
          await notify(trx, {
            userId: order.seller_id,
            type: 'tip_received',
            params: {
              nickname: await nicknameOf(trx, userId),
              title: order.title,
              currency: input.currency,
              // what the seller reads: "12.00" USDN or "12" points
              amount: input.currency === 'usdn' ? formatCents(amount) : amount,
            },
            link: `/orders/${order.id}`,
          });
          return { tipId: id };
        },
      ),
    );
    const [tip] = await loadTips(ctx.services.db, { id: tipId });
    if (!tip) throw new DomainError('OPERATION_FAILED');
    // after the commit, so the top bars re-read the new balances (a replay re-announces harmlessly)
    await publishBalanceChanges(ctx.services.events, [tip.from.id, tip.to.id]);
    return tip;
  });
