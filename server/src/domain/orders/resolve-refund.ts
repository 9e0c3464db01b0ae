import { sql } from 'kysely';
import { formatCents, ORDER_LIMITS } from '@curio/shared';
import type { AppServices } from '../../app-services.ts';
import type { Tx } from '../../db/transaction.ts';
import { decideAudited } from '../admin/audited-decision.ts';
import { DomainError } from '../domain-error.ts';
import { notify } from '../notifications/notify.ts';
import { settleEscrow } from './escrow.ts';
import { orderLink } from './lock-order.ts';

export interface RefundDecision {
  refundId: string;
  adminId: string;
  notes: string | null;
  now: Date;
}

export interface RefundOutcome {
  orderId: string;
  buyerId: string;
  sellerId: string;
  /** Hand to publishBalanceChanges after the commit. */
  affectedUserIds: string[];
}

/**
 * Claims a pending refund for a decision. The guarded UPDATE is the exactly-once point: two
 * admins (or two tabs) approving at once both get here, one sees the row, the other gets
 * ORDER_STATUS_CHANGED and its transaction rolls back without moving money.
 */
async function claimPendingRefund(trx: Tx, input: RefundDecision, status: 'approved' | 'rejected') {
  const refund = await trx
    .updateTable('refunds')
    .set({ status, admin_notes: input.notes, processed_by: input.adminId, processed_at: input.now })
    .where('id', '=', input.refundId)
    .where('status', '=', 'pending')
    .returning(['id', 'order_id', 'amount_cents'])
    .executeTakeFirst();
  if (!refund) {
    const exists = await trx.selectFrom('refunds').select('id').where('id', '=', input.refundId).executeTakeFirst();
    if (!exists) throw new DomainError('NOT_FOUND');
    throw new DomainError('ORDER_STATUS_CHANGED');
  }
  return refund;
}

/**
 * Admin approves a refund (rule O-12): the order becomes refunded and its escrow returns to the
 * buyer (kind 'refund'). Stock is not returned: the goods may already be with the buyer (ADR 0013).
 */
export async function approveRefund(trx: Tx, input: RefundDecision): Promise<RefundOutcome> {
  const refund = await claimPendingRefund(trx, input, 'approved');
  const order = await trx
    .updateTable('orders')
    .set({ status: 'refunded', refunded_at: input.now, updated_at: input.now })
    .where('id', '=', refund.order_id)
    .where('status', '=', 'refunding')
    .returning(['id', 'buyer_id', 'seller_id', 'title', 'total_cents'])
    .executeTakeFirst();
  if (!order) throw new DomainError('ORDER_STATUS_CHANGED');
  // the whole escrow: refunds.amount_cents is the total by construction (a CHECK would need a migration)
  const moved = await settleEscrow(trx, order, 'buyer', { createdBy: input.adminId });
  await notify(trx, {
    userId: order.buyer_id,
    type: 'refund_approved',
    params: { title: order.title, amount: formatCents(order.total_cents) },
    link: orderLink(order.id),
  });
  return { orderId: order.id, buyerId: order.buyer_id, sellerId: order.seller_id, affectedUserIds: moved.affectedUserIds };
}

/**
 * Admin rejects a refund: the order goes back to the status the request interrupted. A deadline
 * that ran out while the refund was open is pushed to at least a day from now, so the seller can
 * still ship and the buyer can still confirm or complain before the sweeper acts (ADR 0013).
 */
export async function rejectRefund(trx: Tx, input: RefundDecision): Promise<RefundOutcome> {
  const refund = await claimPendingRefund(trx, input, 'rejected');
  const grace = new Date(input.now.getTime() + ORDER_LIMITS.urgentAfterMs);
  const order = await trx
    .updateTable('orders')
    .set({
      status: sql<string>`status_before_refund`,
      status_before_refund: null,
      ship_deadline_at: sql<Date | null>`CASE WHEN status_before_refund = 'paid' THEN GREATEST(ship_deadline_at, ${grace}::timestamptz) ELSE ship_deadline_at END`,
      auto_complete_at: sql<Date | null>`CASE WHEN status_before_refund = 'shipped' THEN GREATEST(auto_complete_at, ${grace}::timestamptz) ELSE auto_complete_at END`,
      updated_at: input.now,
    })
    .where('id', '=', refund.order_id)
    .where('status', '=', 'refunding')
    .where('status_before_refund', 'is not', null)
    .returning(['id', 'buyer_id', 'seller_id', 'title'])
    .executeTakeFirst();
  if (!order) throw new DomainError('ORDER_STATUS_CHANGED');
  await notify(trx, {
    userId: order.buyer_id,
    type: 'refund_rejected',
    params: { title: order.title, ...(input.notes ? { notes: input.notes } : {}) },
    link: orderLink(order.id),
  });
  return { orderId: order.id, buyerId: order.buyer_id, sellerId: order.seller_id, affectedUserIds: [] };
}

/**
 * The admin approves a refund (the escrow goes back to the buyer, the order is refunded) or
 * rejects it with notes (the order goes back to where it was, and the buyer is told why).
 */
export function decideRefundAsAdmin(
  services: AppServices,
  input: { adminId: string; refundId: string; decision: 'approved' | 'rejected'; notes: string | null },
) {
  const { adminId, refundId, decision, notes } = input;
  if (decision === 'rejected' && !notes) throw new DomainError('REJECTION_REASON_REQUIRED');
  return decideAudited(services, {
    adminId,
    action: decision === 'approved' ? 'refund.approve' : 'refund.reject',
    targetType: 'refund',
    targetId: refundId,
    reason: notes,
    before: (trx) =>
      trx
        .selectFrom('refunds')
        .innerJoin('orders', 'orders.id', 'refunds.order_id')
        .select(['refunds.status as refund_status', 'orders.status as order_status', 'refunds.amount_cents'])
        .where('refunds.id', '=', refundId)
        .executeTakeFirst(),
    decide: async (trx, now) => {
      const request = { refundId, adminId, notes, now };
      const outcome = decision === 'approved' ? await approveRefund(trx, request) : await rejectRefund(trx, request);
      const order = await trx.selectFrom('orders').select('status').where('id', '=', outcome.orderId).executeTakeFirstOrThrow();
      return { ...outcome, orderStatus: order.status };
    },
    after: (outcome) => ({ refund_status: decision, order_status: outcome.orderStatus }),
  });
}
