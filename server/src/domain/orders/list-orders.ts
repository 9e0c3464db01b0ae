import type { z } from 'zod';
import { sql } from 'kysely';
import type { ZOrdersListInput, ZOrdersPage } from '@curio/shared';
import { ORDER_LIMITS, type TOrderStatus } from '@curio/shared';
import { decodeNewestFirstCursor as decodeCursor, encodeNewestFirstCursor as encodeCursor } from '../newest-first-cursor.ts';
import { orderSummaryQuery, toOrderSummary } from './read-orders.ts';
import type { AppServices } from '../../app-services.ts';

/** The statuses behind each tab filter of rule O-15 ('to_review' also needs "not reviewed by me"). */
const BUY_FILTER_STATUSES: Record<string, readonly TOrderStatus[] | null> = {
  all: null,
  pending: ['pending'],
  to_ship: ['paid'],
  to_receive: ['shipped'],
  to_review: ['completed'],
  refunding: ['refunding', 'refunded'],
};
const SELL_FILTER_STATUSES: Record<string, readonly TOrderStatus[] | null> = {
  all: null,
  to_ship: ['paid'],
  shipped: ['shipped'],
  completed: ['completed'],
  refunding: ['refunding', 'refunded', 'cancelled'],
};

/** /orders: the member's purchases (buy) or sales (sell), newest first, a page at a time. */
export async function listMyOrders(services: AppServices, memberId: string, input: z.output<typeof ZOrdersListInput>): Promise<z.output<typeof ZOrdersPage>> {
  const viewerId = memberId;
  const now = services.clock.now();
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  const statuses = (input.side === 'buy' ? BUY_FILTER_STATUSES : SELL_FILTER_STATUSES)[input.filter] ?? null;
  const rows = await orderSummaryQuery(services.db, viewerId)
    .where(input.side === 'buy' ? 'o.buyer_id' : 'o.seller_id', '=', viewerId)
    .$if(statuses !== null, (qb) => qb.where('o.status', 'in', statuses!))
    .$if(input.side === 'buy' && input.filter === 'to_review', (qb) =>
      qb.where((eb) =>
        eb.not(eb.exists(eb.selectFrom('reviews as r').select('r.id').whereRef('r.order_id', '=', 'o.id').where('r.reviewer_id', '=', viewerId))),
      ),
    )
    .$if(after !== null, (qb) => qb.where(sql<boolean>`(o.created_at, o.id) < (${after!.createdAt}::timestamptz, ${after!.id}::uuid)`))
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(ORDER_LIMITS.pageSize + 1)
    .execute();
  const page = rows.slice(0, ORDER_LIMITS.pageSize);
  const last = page.at(-1);
  return {
    items: page.map((row) => toOrderSummary(row, now)),
    nextCursor: rows.length > ORDER_LIMITS.pageSize && last ? encodeCursor(last.created_at_exact, last.id) : null,
  };
}
