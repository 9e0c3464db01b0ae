import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../../../server/src/db/schema.ts';
import { formatLedgerReport, getBalances, systemAccountBalance, verifyLedger } from '../../../server/src/domain/ledger/index.ts';
import { type TestServices } from '../../helpers/services.ts';
import { member } from '../../helpers/world.ts';
export { member };

export type Member = Awaited<ReturnType<typeof member>>;

/** A signed-in member, optionally funded with USDN cents. */

/** A listing on sale, written straight to the table (publishing has its own tests). */
export async function insertListing(
  db: Kysely<Database>,
  sellerId: string,
  overrides: Partial<{ title: string; priceCents: number; quantity: number; status: string; reviewStatus: string; images: string[]; unit: string }> = {},
): Promise<string> {
  const row = await db
    .insertInto('listings')
    .values({
      seller_id: sellerId,
      title: overrides.title ?? 'Brass pocket compass',
      description: 'A working brass compass from the 1930s.',
      category: 'goods',
      unit: overrides.unit ?? 'piece',
      price_cents: overrides.priceCents ?? 2_500,
      quantity: overrides.quantity ?? 3,
      images: overrides.images ?? ['listing/2026/11/00000000-0000-4000-8000-000000000001.webp'],
      ...(overrides.status ? { status: overrides.status } : {}),
      ...(overrides.reviewStatus ? { review_status: overrides.reviewStatus } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function key(): string {
  return randomUUID();
}

export async function usdn(db: Kysely<Database>, userId: string): Promise<number> {
  return (await getBalances(db, userId)).usdnAvailableCents;
}

export async function points(db: Kysely<Database>, userId: string): Promise<number> {
  return (await getBalances(db, userId)).points;
}

export async function escrowBalance(db: Kysely<Database>): Promise<number> {
  return systemAccountBalance(db, 'usdn', 'escrow');
}

export async function orderRow(db: Kysely<Database>, orderId: string) {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
}

export async function listingRow(db: Kysely<Database>, listingId: string) {
  return db.selectFrom('listings').selectAll().where('id', '=', listingId).executeTakeFirstOrThrow();
}

export async function transfersFor(db: Kysely<Database>, orderId: string) {
  return db
    .selectFrom('ledger_transfers')
    .select(['kind', 'currency', 'amount'])
    .where('reference_type', '=', 'order')
    .where('reference_id', '=', orderId)
    .orderBy('id')
    .execute();
}

export async function notificationsOf(db: Kysely<Database>, userId: string) {
  return db.selectFrom('notifications').select(['type', 'link', 'params']).where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
}

export async function expectLedgerHealthy(db: Kysely<Database>): Promise<void> {
  const report = await verifyLedger(db);
  expect(report.ok, formatLedgerReport(report)).toBe(true);
}

/** A buyer, a seller, a listing, and a paid order of `quantity` of it. */
export async function paidOrder(services: TestServices, options: { priceCents?: number; quantity?: number; stock?: number } = {}) {
  const price = options.priceCents ?? 2_500;
  const quantity = options.quantity ?? 1;
  const seller = await member(services, { nickname: 'Seller' });
  const buyer = await member(services, { nickname: 'Buyer', usdnCents: price * quantity });
  const listingId = await insertListing(services.db, seller.id, { priceCents: price, quantity: options.stock ?? 3 });
  const { orderId } = await buyer.api.orders.purchase({ listingId, quantity, idempotencyKey: key() });
  return { seller, buyer, listingId, orderId };
}

/** The same, shipped by the seller. */
export async function shippedOrder(services: TestServices, options: Parameters<typeof paidOrder>[1] = {}) {
  const made = await paidOrder(services, options);
  await made.seller.api.orders.ship({ orderId: made.orderId, deliveryInfo: 'SF Express 1234567890' });
  return made;
}
