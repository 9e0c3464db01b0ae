import type { trpc } from '../../lib/trpc.ts';

type Utils = ReturnType<typeof trpc.useUtils>;

/**
 * After any order action the order, both lists, the seller's summary cards and the balances may
 * have changed (escrow held, released or returned): refetch them all rather than guess which.
 */
export async function invalidateOrder(utils: Utils, orderId?: string): Promise<void> {
  await Promise.all([
    orderId ? utils.orders.get.invalidate({ orderId }) : utils.orders.get.invalidate(),
    utils.orders.list.invalidate(),
    utils.orders.sellSummary.invalidate(),
    utils.wallet.balances.invalidate(),
  ]);
}
