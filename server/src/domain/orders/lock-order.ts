import type { Kysely, Selectable } from 'kysely';
import type { Database, OrdersTable } from '../../db/schema.ts';
import type { Tx } from '../../db/transaction.ts';
import { DomainError } from '../domain-error.ts';

export type OrderRow = Selectable<OrdersTable>;
export type OrderRole = 'buyer' | 'seller';

/**
 * Locks an order row for a lifecycle action and checks who may act: a missing order is
 * ORDER_NOT_FOUND, anyone but its buyer or seller — or the other party when the action belongs
 * to one side — gets ORDER_ACCESS_DENIED (rule O-14: order pages are for their two parties).
 * The row lock serialises two actions on one order; the callers' guarded UPDATEs still check
 * the status, so the sweeper (which does not take this path) resolves an order only once too.
 */
export async function lockOrderForParty(trx: Tx, input: { orderId: string; userId: string; as?: OrderRole }): Promise<OrderRow> {
  const order = await trx.selectFrom('orders').selectAll().where('id', '=', input.orderId).forUpdate().executeTakeFirst();
  if (!order) throw new DomainError('ORDER_NOT_FOUND');
  const role = roleIn(order, input.userId);
  if (role === null || (input.as !== undefined && role !== input.as)) throw new DomainError('ORDER_ACCESS_DENIED');
  return order;
}

/** The order's parties, for a read that only its buyer and seller may make (same refusals, no lock). */
export async function orderOfParty(db: Kysely<Database>, orderId: string, userId: string): Promise<{ id: string; buyer_id: string; seller_id: string }> {
  const order = await db.selectFrom('orders').select(['id', 'buyer_id', 'seller_id']).where('id', '=', orderId).executeTakeFirst();
  if (!order) throw new DomainError('ORDER_NOT_FOUND');
  if (roleIn(order, userId) === null) throw new DomainError('ORDER_ACCESS_DENIED');
  return order;
}

export function roleIn(order: { buyer_id: string; seller_id: string }, userId: string): OrderRole | null {
  if (order.buyer_id === userId) return 'buyer';
  if (order.seller_id === userId) return 'seller';
  return null;
}

/** The notification link and the order's place in the app. */
export function orderLink(orderId: string): string {
  return `/orders/${orderId}`;
}
