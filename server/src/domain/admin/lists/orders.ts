import type { z } from 'zod';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { ZAdminOrderStatus, uploadUrl, type TAdminOrderDetail, type ZAdminOrdersInput, type ZAdminOrdersPage } from '@curio/shared';
import { DomainError } from '../../domain-error.ts';
import { adminPage, containsPattern } from '../paged-list.ts';

/** The short id order rows show: the first block of the uuid, which a search by id prefix finds. */
export function shortOrderId(id: string): string {
  return id.slice(0, 8);
}

interface SummaryRow {
  id: string;
  title: string;
  total_cents: number;
  status: string;
  created_at: Date;
  buyer_id: string;
  seller_id: string;
  buyer_nickname: string;
  seller_nickname: string;
}

/** An order as a row of the console's table shows it. */
function toAdminOrderSummary(row: SummaryRow) {
  return {
    id: row.id,
    shortId: shortOrderId(row.id),
    title: row.title,
    totalCents: row.total_cents,
    status: ZAdminOrderStatus.parse(row.status),
    buyer: { id: row.buyer_id, nickname: row.buyer_nickname },
    seller: { id: row.seller_id, nickname: row.seller_nickname },
    createdAt: row.created_at,
  };
}

/** Hex digits and dashes only: the search text may be the start of an order id. */
const ID_PREFIX = /^[0-9a-f][0-9a-f-]*$/i;

/** The orders of the whole platform with buyer and seller, newest first (rule AD-20). */
export function adminOrdersQuery(db: Kysely<Database>) {
  return db.selectFrom('orders as o').innerJoin('profiles as bp', 'bp.user_id', 'o.buyer_id').innerJoin('profiles as sp', 'sp.user_id', 'o.seller_id');
}

/** The orders tab (rule AD-20): title, short id, total, status; status filter; search by title or id prefix. */
export async function listOrders(db: Kysely<Database>, input: z.output<typeof ZAdminOrdersInput>): Promise<z.output<typeof ZAdminOrdersPage>> {
  let filtered = adminOrdersQuery(db);
  if (input.status) filtered = filtered.where('o.status', '=', input.status);
  const memberId = input.memberId;
  if (memberId) filtered = filtered.where((eb) => eb.or([eb('o.buyer_id', '=', memberId), eb('o.seller_id', '=', memberId)]));
  if (input.from) filtered = filtered.where('o.created_at', '>=', input.from);
  if (input.to) filtered = filtered.where('o.created_at', '<', input.to);
  const search = input.search;
  if (search) {
    filtered = filtered.where((eb) =>
      eb.or([
        eb('o.title', 'ilike', containsPattern(search)),
        ...(ID_PREFIX.test(search) ? [eb(sql<string>`o.id::text`, 'like', `${search.toLowerCase()}%`)] : []),
      ]),
    );
  }
  return adminPage(
    input,
    filtered,
    (orders) =>
      orders
        .select([
          'o.id',
          'o.title',
          'o.total_cents',
          'o.status',
          'o.created_at',
          'o.buyer_id',
          'o.seller_id',
          'bp.nickname as buyer_nickname',
          'sp.nickname as seller_nickname',
        ])
        .orderBy(input.sort === 'total' ? 'o.total_cents' : 'o.created_at', input.direction)
        .orderBy('o.id', input.direction),
    toAdminOrderSummary,
  );
}

/**
 * One order as the console's detail dialog shows it. The member page /orders/:id is for the
 * buyer and the seller only, so the admin's "open" reads here instead.
 */
export async function getOrderForAdmin(db: Kysely<Database>, orderId: string): Promise<TAdminOrderDetail> {
  const row = await adminOrdersQuery(db)
    .selectAll('o')
    .select([
      'bp.nickname as buyer_nickname',
      'sp.nickname as seller_nickname',
      sql<number>`(SELECT count(*)::int FROM complaints c WHERE c.order_id = o.id)`.as('complaint_count'),
    ])
    .where('o.id', '=', orderId)
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
    ...toAdminOrderSummary(row),
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
    refund: refund ? { status: refund.status, reason: refund.reason, amountCents: refund.amount_cents, adminNotes: refund.admin_notes } : null,
    complaintCount: Number(row.complaint_count),
  };
}
