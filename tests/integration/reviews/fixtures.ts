import type { Kysely } from 'kysely';
import type { Database } from '../../../server/src/db/schema.ts';
import { runInTransaction } from '../../../server/src/db/transaction.ts';
import { transfer } from '../../../server/src/domain/ledger/index.ts';
import { callerFor, type TestServices } from '../../helpers/services.ts';
import { fundPoints, listingInput } from '../listings/support.ts';
import { member } from '../../helpers/world.ts';
export { member };

/** A listing published the ordinary way (the seller is funded its 1-point fee). */
export async function publishedListing(services: TestServices, sellerId: string, title = 'Hand-bound notebook'): Promise<string> {
  await fundPoints(services, sellerId, 1);
  const { id } = await (await callerFor(services, sellerId)).marketplace.listings.create(listingInput({ title }));
  return id;
}

export type OrderStatus = 'pending' | 'paid' | 'shipped' | 'completed' | 'refunding' | 'refunded' | 'cancelled';

/**
 * An order row written directly: reviews and tips only read the order, so they need no purchase
 * flow (being built beside them) to be tested.
 */
export async function insertOrder(
  db: Kysely<Database>,
  order: { buyerId: string; sellerId: string; listingId: string | null; status?: OrderStatus; title?: string; now?: Date },
): Promise<string> {
  const status = order.status ?? 'completed';
  const now = order.now ?? new Date('2026-11-20T08:00:00Z');
  const row = await db
    .insertInto('orders')
    .values({
      listing_id: order.listingId,
      buyer_id: order.buyerId,
      seller_id: order.sellerId,
      title: order.title ?? 'Hand-bound notebook',
      unit_price_cents: 2500,
      quantity: 1,
      total_cents: 2500,
      status,
      paid_at: now,
      shipped_at: status === 'shipped' || status === 'completed' ? now : null,
      completed_at: status === 'completed' ? now : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (status === 'paid' || status === 'shipped' || status === 'refunding') {
    // an open order's escrow holds its total (verifyLedger checks it); issued straight into
    // escrow, so the buyer's own balance stays what the test funded
    await runInTransaction(db, (trx) =>
      transfer(trx, {
        currency: 'usdn',
        from: { system: 'issuance' },
        to: { system: 'escrow' },
        amount: 2500,
        kind: 'purchase_escrow',
        referenceType: 'order',
        referenceId: row.id,
      }),
    );
  }
  return row.id;
}

/** Buyer, seller, the seller's listing and a completed order of it. */
export async function completedDeal(services: TestServices, status: OrderStatus = 'completed') {
  const seller = await member(services, { nickname: 'Seller' });
  const buyer = await member(services, { nickname: 'Buyer' });
  const listingId = await publishedListing(services, seller.user.id);
  const orderId = await insertOrder(services.db, { buyerId: buyer.user.id, sellerId: seller.user.id, listingId, status });
  return { seller, buyer, listingId, orderId };
}

export async function creditScoreOf(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db.selectFrom('profiles').select('credit_score').where('user_id', '=', userId).executeTakeFirstOrThrow();
  return row.credit_score;
}
