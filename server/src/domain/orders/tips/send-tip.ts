import { randomUUID } from 'node:crypto';
import { formatCents, TIP_LIMITS, wholeUsdnToCents, type TTip, type TTipCurrency } from '@curio/shared';
import type { AppServices } from '../../../app-services.ts';
import { DomainError } from '../../domain-error.ts';
import { transfer } from '../../ledger/index.ts';
import { runMoneyCommand } from '../../ledger/money-command.ts';
import { sanitizePlainText } from '../../comments/sanitize.ts';
import { assertNoContactDetails } from '../../moderation/contact-check.ts';
import { notify } from '../../notifications/notify.ts';
import { nicknameOf } from '../../reviews/write-review.ts';
import { loadTips } from './read.ts';

export interface SendTipInput {
  buyerId: string;
  orderId: string;
  currency: TTipCurrency;
  /** Whole USDN or whole points, as the member typed it. */
  amount: number;
  message?: string | null | undefined;
  idempotencyKey: string;
}

/**
 * The buyer of a completed order tips its seller in USDN or Curio points. The money moves
 * buyer → seller through the ledger in the same transaction as the tips row and the seller's
 * notification; the ledger refuses an amount above the chosen balance (INSUFFICIENT_BALANCE /
 * INSUFFICIENT_POINTS), so the client's check is only a hint. A double submit with one
 * idempotency key tips once. The message is plain text under the same contact rule as comments:
 * a tip must not become a way to pass a phone number past the chat filter.
 */
export async function sendTip(services: AppServices, input: SendTipInput): Promise<TTip> {
  const { buyerId, orderId, currency } = input;
  const message = sanitizePlainText(input.message ?? '') || null;
  if (message !== null && [...message].length > TIP_LIMITS.messageMax) {
    throw new DomainError('CONTENT_TOO_LONG', { max: TIP_LIMITS.messageMax, field: 'message' });
  }
  assertNoContactDetails({ message });
  // USDN tips are typed in whole units; the ledger counts cents
  const amount = currency === 'usdn' ? wholeUsdnToCents(input.amount) : input.amount;

  const { tipId } = await runMoneyCommand(
    services,
    { userId: buyerId, key: input.idempotencyKey, operation: 'orders.tips.send', params: { orderId, currency, amount: input.amount, message } },
    async (trx) => {
      const order = await trx.selectFrom('orders').select(['id', 'buyer_id', 'seller_id', 'status', 'title']).where('id', '=', orderId).executeTakeFirst();
      if (!order) throw new DomainError('ORDER_NOT_FOUND');
      if (order.buyer_id !== buyerId || order.status !== 'completed') throw new DomainError('TIP_NOT_ALLOWED');
      const id = randomUUID();
      const moved = await transfer(trx, {
        currency,
        from: { user: buyerId },
        to: { user: order.seller_id },
        amount,
        kind: 'tip',
        referenceType: 'order',
        referenceId: order.id,
        memo: `tip ${id}`,
        createdBy: buyerId,
      });
      await trx
        .insertInto('tips')
        .values({ id, order_id: order.id, from_user_id: buyerId, to_user_id: order.seller_id, currency, amount, message, created_at: services.clock.now() })
        .execute();
      await notify(trx, {
        userId: order.seller_id,
        type: 'tip_received',
        params: {
          nickname: await nicknameOf(trx, buyerId),
          title: order.title,
          currency,
          // what the seller reads: "12.00" USDN or "12" points
          amount: currency === 'usdn' ? formatCents(amount) : amount,
        },
        link: `/orders/${order.id}`,
      });
      return { tipId: id, affectedUserIds: moved.affectedUserIds };
    },
  );
  const [tip] = await loadTips(services.db, { id: tipId });
  if (!tip) throw new DomainError('OPERATION_FAILED');
  return tip;
}
