import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { verifyLedger, formatLedgerReport } from '../../../server/src/domain/ledger/index.ts';
import type { TestDatabase } from '../../helpers/test-db.ts';
import { callerFor, type TestServices } from '../../helpers/services.ts';
import { fund } from '../ledger/ledger-fixtures.ts';
import { insertListing } from '../orders/support.ts';

export async function expectLedgerClean(db: TestDatabase): Promise<void> {
  const report = await verifyLedger(db.db);
  expect(report.ok, formatLedgerReport(report)).toBe(true);
}

/** Sets the test clock to a wall-clock instant given in UTC. */
export function utc(iso: string): Date {
  return new Date(`${iso}Z`);
}

/**
 * `buyerId` buys a listing of `sellerId`, the seller ships and the buyer confirms receipt: one
 * completed purchase, through the procedures a member uses. Returns the order's id.
 */
export async function completedPurchase(services: TestServices, input: { buyerId: string; sellerId: string; priceCents?: number }): Promise<string> {
  const orderId = await shippedPurchase(services, input);
  await (await callerFor(services, input.buyerId)).orders.confirmReceipt({ orderId, idempotencyKey: randomUUID() });
  return orderId;
}

/** The same purchase, paid and shipped but not yet completed. */
export async function shippedPurchase(services: TestServices, input: { buyerId: string; sellerId: string; priceCents?: number }): Promise<string> {
  const price = input.priceCents ?? 2_500;
  await fund(services.db, input.buyerId, 'usdn', price);
  const listingId = await insertListing(services.db, input.sellerId, { priceCents: price, quantity: 1 });
  const { orderId } = await (await callerFor(services, input.buyerId)).orders.purchase({ listingId, quantity: 1, idempotencyKey: randomUUID() });
  await (await callerFor(services, input.sellerId)).orders.ship({ orderId, deliveryInfo: 'SF Express 1234567890' });
  return orderId;
}
