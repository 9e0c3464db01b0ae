import type { TOrderStatus } from '../schemas/orders.ts';

/** The statuses in which the buyer may ask for a refund (rule O-11): paid, or shipped and not yet confirmed. */
export const REFUNDABLE_ORDER_STATUSES = ['paid', 'shipped'] as const satisfies readonly TOrderStatus[];

export type RefundRefusal = 'REFUND_ALREADY_REQUESTED' | 'REFUND_NOT_ALLOWED';

/**
 * Whether the buyer of an order may request a refund now (rule O-11, ADR 0029): null when yes,
 * otherwise the code the server refuses with. One request per order, whatever became of it;
 * a rejected buyer's next step is a complaint. The server decides with this on the locked order,
 * and the order page offers the refund action only when it returns null.
 */
export function refundRefusal(order: { status: TOrderStatus; hasRefundRequest: boolean }): RefundRefusal | null {
  if (order.hasRefundRequest) return 'REFUND_ALREADY_REQUESTED';
  if (!(REFUNDABLE_ORDER_STATUSES as readonly TOrderStatus[]).includes(order.status)) return 'REFUND_NOT_ALLOWED';
  return null;
}
