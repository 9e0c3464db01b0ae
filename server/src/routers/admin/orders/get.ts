import { sql } from 'kysely';
import { ZAdminOrderDetail, ZAdminOrderIdInput, ZAdminOrderStatus, uploadUrl } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { DomainError } from '../../../domain/domain-error.ts';
import { adminOrdersQuery, shortOrderId } from './list.ts';

/**
 * One order as the console's detail dialog shows it. The member page /orders/:id is for the
 * buyer and the seller only (spec 2 §6), so the admin's "open" goes here instead.
 */
export const get = adminProcedure
  .input(ZAdminOrderIdInput)
  .output(ZAdminOrderDetail)
  .query(async ({ ctx, input }) => {
    const { db } = ctx.services;
    const row = await adminOrdersQuery(db)
      .selectAll('o')
      .select([
        'bp.nickname as buyer_nickname',
        'sp.nickname as seller_nickname',
        sql<number>`(SELECT count(*)::int FROM complaints c WHERE c.order_id = o.id)`.as('complaint_count'),
      ])
      .where('o.id', '=', input.orderId)
      .executeTakeFirst();
    if (!row) throw new DomainError('ORDER_NOT_FOUND');
    const refund = await db
      .selectFrom('refunds')
      .select(['status', 'reason', 'amount_cents', 'admin_notes'])
      .where('order_id', '=', row.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return {
      id: row.id,
      shortId: shortOrderId(row.id),
      title: row.title,
      totalCents: row.total_cents,
      status: ZAdminOrderStatus.parse(row.status),
      buyer: { id: row.buyer_id, nickname: row.buyer_nickname },
      seller: { id: row.seller_id, nickname: row.seller_nickname },
      createdAt: row.created_at,
      listingId: row.listing_id,
      imageUrl: row.image_key ? uploadUrl(row.image_key) : null,
      unitPriceCents: row.unit_price_cents,
      quantity: row.quantity,
      deliveryInfo: row.delivery_info,
      paidAt: row.paid_at,
      shippedAt: row.shipped_at,
      completedAt: row.completed_at,
      cancelledAt: row.cancelled_at,
      refundedAt: row.refunded_at,
      refund: refund
        ? { status: refund.status, reason: refund.reason, amountCents: refund.amount_cents, adminNotes: refund.admin_notes }
        : null,
      complaintCount: Number(row.complaint_count),
    };
  });
