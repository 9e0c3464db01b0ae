import type { z } from 'zod';
import type { ZAdminRefund, ZAdminRefundListInput } from '@curio/shared';
import { ZAdminRefundStatus } from '@curio/shared';
import { adminPage, containsPattern } from '../paged-list.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/**
 * The refunds tab (rule AD-21): refund requests, newest first, with the order's title, buyer, seller, amount
 * and reason; filtered by status and searched by order title or buyer nickname.
 */
export async function listRefunds(
  db: Kysely<Database>,
  input: z.output<typeof ZAdminRefundListInput>,
): Promise<{ total: number; items: z.output<typeof ZAdminRefund>[] }> {
  let query = db
    .selectFrom('refunds')
    .innerJoin('orders', 'orders.id', 'refunds.order_id')
    .innerJoin('profiles as buyer', 'buyer.user_id', 'orders.buyer_id')
    .innerJoin('profiles as seller', 'seller.user_id', 'orders.seller_id');
  if (input.status !== 'all') query = query.where('refunds.status', '=', input.status);
  if (input.search) {
    const pattern = containsPattern(input.search);
    query = query.where((eb) => eb.or([eb('orders.title', 'ilike', pattern), eb('buyer.nickname', 'ilike', pattern)]));
  }
  return adminPage(
    input,
    query,
    (refunds) =>
      refunds
        .select([
          'refunds.id',
          'refunds.order_id',
          'refunds.amount_cents',
          'refunds.reason',
          'refunds.status',
          'refunds.admin_notes',
          'refunds.created_at',
          'refunds.processed_at',
          'orders.title',
          'orders.status as order_status',
          'orders.buyer_id',
          'orders.seller_id',
          'buyer.nickname as buyer_nickname',
          'seller.nickname as seller_nickname',
        ])
        .orderBy('refunds.created_at', 'desc')
        .orderBy('refunds.id', 'desc'),
    (row) => ({
      id: row.id,
      orderId: row.order_id,
      orderTitle: row.title,
      orderStatus: row.order_status,
      buyer: { id: row.buyer_id, nickname: row.buyer_nickname },
      seller: { id: row.seller_id, nickname: row.seller_nickname },
      amountCents: row.amount_cents,
      reason: row.reason,
      // an unknown status (a hand edit) shows as pending rather than failing the whole page
      status: ZAdminRefundStatus.catch('pending').parse(row.status),
      adminNotes: row.admin_notes,
      createdAt: row.created_at,
      processedAt: row.processed_at,
    }),
  );
}
