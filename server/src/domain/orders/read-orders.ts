import { sql, type Kysely } from 'kysely';
import { ORDER_LIMITS, uploadUrl, ZComplaintType, ZOrderStatus, type TOrderDetail, type TOrderStatus, type TOrderSummary } from '@curio/shared';
import type { Database } from '../../db/schema.ts';
import { DomainError } from '../domain-error.ts';
import { roleIn } from './lock-order.ts';
import { loadTips } from './tips/read.ts';

/**
 * The orders list and detail read one query shape: the order with both parties' profiles and
 * whether the viewer has reviewed it. Rows are shaped here so nothing else leaks to the client.
 */
export function orderSummaryQuery(db: Kysely<Database>, viewerId: string) {
  return db
    .selectFrom('orders as o')
    .innerJoin('profiles as bp', 'bp.user_id', 'o.buyer_id')
    .innerJoin('profiles as sp', 'sp.user_id', 'o.seller_id')
    .selectAll('o')
    .select([
      'bp.nickname as buyer_nickname',
      'bp.avatar_key as buyer_avatar_key',
      'bp.credit_score as buyer_credit_score',
      'sp.nickname as seller_nickname',
      'sp.avatar_key as seller_avatar_key',
      'sp.credit_score as seller_credit_score',
      sql<string>`to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('created_at_exact'),
      (eb) =>
        eb.exists(eb.selectFrom('reviews as r').select('r.id').whereRef('r.order_id', '=', 'o.id').where('r.reviewer_id', '=', viewerId)).as('reviewed_by_me'),
    ]);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof orderSummaryQuery>['executeTakeFirstOrThrow']>>;

/** Urgent (rule O-10): paid more than 24 hours ago and still not shipped. */
export function isUrgent(row: { status: string; paid_at: Date | null }, now: Date): boolean {
  return row.status === 'paid' && row.paid_at !== null && now.getTime() - row.paid_at.getTime() > ORDER_LIMITS.urgentAfterMs;
}

export function toOrderSummary(row: SummaryRow, now: Date): TOrderSummary {
  return {
    id: row.id,
    shortId: row.id.slice(0, 8).toUpperCase(),
    title: row.title,
    imageUrl: row.image_key ? uploadUrl(row.image_key) : null,
    listingId: row.listing_id,
    buyingRequestId: row.buying_request_id,
    quantity: row.quantity,
    unit: row.unit,
    unitPriceCents: row.unit_price_cents,
    totalCents: row.total_cents,
    status: ZOrderStatus.parse(row.status),
    buyer: {
      id: row.buyer_id,
      nickname: row.buyer_nickname,
      avatarUrl: row.buyer_avatar_key ? uploadUrl(row.buyer_avatar_key) : null,
      creditScore: row.buyer_credit_score,
    },
    seller: {
      id: row.seller_id,
      nickname: row.seller_nickname,
      avatarUrl: row.seller_avatar_key ? uploadUrl(row.seller_avatar_key) : null,
      creditScore: row.seller_credit_score,
    },
    createdAt: row.created_at,
    paidAt: row.paid_at,
    shippedAt: row.shipped_at,
    completedAt: row.completed_at,
    autoCompleteAt: row.auto_complete_at,
    urgent: isUrgent(row, now),
    reviewedByMe: Boolean(row.reviewed_by_me),
  };
}

/** escrow_transactions.status (the view in the orders migration), from the order's status. */
export function escrowStatusOf(status: TOrderStatus): TOrderDetail['escrowStatus'] {
  switch (status) {
    case 'paid':
    case 'shipped':
    case 'refunding':
      return 'in_progress';
    case 'pending':
      return 'pending';
    case 'completed':
      return 'completed';
    default:
      return 'refunded';
  }
}

/**
 * An order as its buyer or seller sees it, or as an admin reads it (role 'admin', rule O-14: the
 * actions stay the parties', lock-order.ts refuses them to anyone else); anyone else gets
 * ORDER_ACCESS_DENIED.
 */
export async function loadOrderDetail(
  db: Kysely<Database>,
  input: { orderId: string; viewerId: string; viewerIsAdmin?: boolean; now: Date },
): Promise<TOrderDetail> {
  const row = await orderSummaryQuery(db, input.viewerId).where('o.id', '=', input.orderId).executeTakeFirst();
  if (!row) throw new DomainError('ORDER_NOT_FOUND');
  const role = roleIn(row, input.viewerId) ?? (input.viewerIsAdmin ? 'admin' : null);
  if (!role) throw new DomainError('ORDER_ACCESS_DENIED');

  const [refund, complaints, tips] = await Promise.all([
    db
      .selectFrom('refunds')
      .select(['id', 'status', 'reason', 'amount_cents', 'admin_notes', 'created_at', 'processed_at'])
      .where('order_id', '=', row.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst(),
    db
      .selectFrom('complaints')
      .select(['id', 'type', 'status', 'admin_response', 'created_at'])
      .where('order_id', '=', row.id)
      .where('reporter_id', '=', input.viewerId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    loadTips(db, { orderId: row.id }),
  ]);
  const summary = toOrderSummary(row, input.now);
  return {
    ...summary,
    role,
    deliveryInfo: row.delivery_info,
    shipDeadlineAt: row.ship_deadline_at,
    cancelledAt: row.cancelled_at,
    refundedAt: row.refunded_at,
    escrowStatus: escrowStatusOf(summary.status),
    refund: refund
      ? {
          id: refund.id,
          status: refund.status as 'pending' | 'approved' | 'rejected',
          reason: refund.reason,
          amountCents: refund.amount_cents,
          adminNotes: refund.admin_notes,
          createdAt: refund.created_at,
          processedAt: refund.processed_at,
        }
      : null,
    myComplaints: complaints.map((c) => ({
      id: c.id,
      type: ZComplaintType.catch('other').parse(c.type),
      status: c.status === 'resolved' ? ('resolved' as const) : ('pending' as const),
      adminResponse: c.admin_response,
      createdAt: c.created_at,
    })),
    tips,
  };
}
