import { describe, expect, test } from '../../helpers/fixtures.ts';
import { ORDER_LIMITS } from '@curio/shared';
import { callerFor } from '../../helpers/services.ts';
import { countTransfers, fund } from '../ledger/ledger-fixtures.ts';
import { escrowBalance, expectLedgerHealthy, insertListing, key, listingRow, notificationsOf, orderRow, transfersFor, usdn } from './support.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

describe('orders.purchase', () => {
  test('a paid order with a snapshot, the total in escrow, stock down, the seller notified', async ({ db, services, member }) => {
    const seller = await member({ nickname: 'Seller' });
    const buyer = await member({ nickname: 'Buyer', usdnCents: 10_000 });
    const listingId = await insertListing(db.db, seller.id, { title: 'Tin robot', priceCents: 2_500, quantity: 3, unit: 'set' });
    const escrowBefore = await escrowBalance(db.db);

    const { orderId } = await buyer.api.orders.purchase({ listingId, quantity: 2, idempotencyKey: key() });

    const now = services.clock.now();
    const order = await orderRow(db.db, orderId);
    expect(order).toMatchObject({
      status: 'paid',
      buyer_id: buyer.id,
      seller_id: seller.id,
      listing_id: listingId,
      offer_id: null,
      title: 'Tin robot',
      image_key: 'listing/2026/11/00000000-0000-4000-8000-000000000001.webp',
      unit: 'set',
      unit_price_cents: 2_500,
      quantity: 2,
      total_cents: 5_000,
    });
    expect(order.paid_at).toEqual(now);
    expect(order.ship_deadline_at).toEqual(new Date(now.getTime() + ORDER_LIMITS.shipDeadlineMs));
    expect(await usdn(db.db, buyer.id)).toBe(5_000);
    expect((await escrowBalance(db.db)) - escrowBefore).toBe(5_000);
    expect(await transfersFor(db.db, orderId)).toEqual([{ kind: 'purchase_escrow', currency: 'usdn', amount: 5_000 }]);
    expect(await listingRow(db.db, listingId)).toMatchObject({ quantity: 1, status: 'available', purchase_count: 1, buyer_id: null });
    expect(await notificationsOf(db.db, seller.id)).toEqual([
      { type: 'order_paid', link: `/orders/${orderId}`, params: { title: 'Tin robot', quantity: 2, amount: '50.00' } },
    ]);
    await expectLedgerHealthy(db.db);
  });

  test('buying the last items makes the listing sold with the buyer and sold time recorded', async ({ db, services, member }) => {
    const seller = await member();
    const buyer = await member({ usdnCents: 10_000 });
    const listingId = await insertListing(db.db, seller.id, { quantity: 2, priceCents: 1_000 });
    await buyer.api.orders.purchase({ listingId, quantity: 2, idempotencyKey: key() });
    const listing = await listingRow(db.db, listingId);
    expect(listing).toMatchObject({ quantity: 0, status: 'sold', buyer_id: buyer.id });
    expect(listing.sold_at).toEqual(services.clock.now());
    const other = await member({ usdnCents: 10_000 });
    await expectAppError(other.api.orders.purchase({ listingId, quantity: 1, idempotencyKey: key() }), 'LISTING_NOT_AVAILABLE');
  });

  test('the same idempotency key twice: one order, one transfer, the same answer', async ({ db, member }) => {
    const seller = await member();
    const buyer = await member({ usdnCents: 10_000 });
    const listingId = await insertListing(db.db, seller.id, { quantity: 5, priceCents: 1_000 });
    const idempotencyKey = key();
    const transfersBefore = await countTransfers(db.db);
    const first = await buyer.api.orders.purchase({ listingId, quantity: 1, idempotencyKey });
    const second = await buyer.api.orders.purchase({ listingId, quantity: 1, idempotencyKey });
    expect(second).toEqual(first);
    expect(await countTransfers(db.db)).toBe(transfersBefore + 1);
    expect(await usdn(db.db, buyer.id)).toBe(9_000);
    expect((await listingRow(db.db, listingId)).quantity).toBe(4);
    // the same key for another quantity is a conflict, not a second purchase
    await expectAppError(buyer.api.orders.purchase({ listingId, quantity: 2, idempotencyKey }), 'IDEMPOTENCY_CONFLICT');
  });

  test('INSUFFICIENT_BALANCE names the USDN needed, and nothing changes', async ({ db, member }) => {
    const seller = await member();
    const buyer = await member({ usdnCents: 4_999 });
    const listingId = await insertListing(db.db, seller.id, { quantity: 3, priceCents: 2_500 });
    const transfersBefore = await countTransfers(db.db);
    const { data } = await expectAppError(buyer.api.orders.purchase({ listingId, quantity: 2, idempotencyKey: key() }), 'INSUFFICIENT_BALANCE');
    expect(data.params).toMatchObject({ needed: '50.00' });
    expect(await usdn(db.db, buyer.id)).toBe(4_999);
    expect(await listingRow(db.db, listingId)).toMatchObject({ quantity: 3, purchase_count: 0, status: 'available' });
    expect(await db.db.selectFrom('orders').select('id').where('buyer_id', '=', buyer.id).execute()).toEqual([]);
    expect(await countTransfers(db.db)).toBe(transfersBefore);
    expect(await notificationsOf(db.db, seller.id)).toEqual([]);
  });

  test('a failed purchase may be retried with the same key once the buyer topped up', async ({ db, member }) => {
    const seller = await member();
    const buyer = await member({ usdnCents: 100 });
    const listingId = await insertListing(db.db, seller.id, { priceCents: 1_000 });
    const idempotencyKey = key();
    await expectAppError(buyer.api.orders.purchase({ listingId, quantity: 1, idempotencyKey }), 'INSUFFICIENT_BALANCE');
    await fund(db.db, buyer.id, 'usdn', 900);
    const { orderId } = await buyer.api.orders.purchase({ listingId, quantity: 1, idempotencyKey });
    expect((await orderRow(db.db, orderId)).status).toBe('paid');
    expect(await usdn(db.db, buyer.id)).toBe(0);
  });

  test('own listing: CANNOT_BUY_OWN', async ({ db, member }) => {
    const seller = await member({ usdnCents: 10_000 });
    const listingId = await insertListing(db.db, seller.id);
    await expectAppError(seller.api.orders.purchase({ listingId, quantity: 1, idempotencyKey: key() }), 'CANNOT_BUY_OWN');
  });

  test('OUT_OF_STOCK names what is left', async ({ db, member }) => {
    const seller = await member();
    const buyer = await member({ usdnCents: 100_000 });
    const listingId = await insertListing(db.db, seller.id, { quantity: 3 });
    const { data } = await expectAppError(buyer.api.orders.purchase({ listingId, quantity: 4, idempotencyKey: key() }), 'OUT_OF_STOCK');
    expect(data.params).toEqual({ available: 3 });
  });

  test.for([0, -1, 1.5])('quantity %d is QUANTITY_INVALID', async (quantity, { db, member }) => {
    const seller = await member();
    const buyer = await member({ usdnCents: 100_000 });
    const listingId = await insertListing(db.db, seller.id);
    const { data } = await expectAppError(buyer.api.orders.purchase({ listingId, quantity, idempotencyKey: key() }), 'QUANTITY_INVALID');
    expect(data.fields).toEqual({ quantity: 'QUANTITY_INVALID' });
    expect((await listingRow(db.db, listingId)).quantity).toBe(3);
  });

  test('missing, taken-down, sold and rejected listings cannot be bought', async ({ db, member }) => {
    const seller = await member();
    const buyer = await member({ usdnCents: 100_000 });
    await expectAppError(
      buyer.api.orders.purchase({ listingId: '00000000-0000-4000-8000-00000000abcd', quantity: 1, idempotencyKey: key() }),
      'LISTING_NOT_FOUND',
    );
    const takenDown = await insertListing(db.db, seller.id, { status: 'unavailable' });
    await expectAppError(buyer.api.orders.purchase({ listingId: takenDown, quantity: 1, idempotencyKey: key() }), 'LISTING_NOT_FOUND');
    const sold = await insertListing(db.db, seller.id, { status: 'sold', quantity: 0 });
    await expectAppError(buyer.api.orders.purchase({ listingId: sold, quantity: 1, idempotencyKey: key() }), 'LISTING_NOT_AVAILABLE');
    const rejected = await insertListing(db.db, seller.id, { reviewStatus: 'rejected' });
    await expectAppError(buyer.api.orders.purchase({ listingId: rejected, quantity: 1, idempotencyKey: key() }), 'LISTING_NOT_AVAILABLE');
    expect(await usdn(db.db, buyer.id)).toBe(100_000);
  });

  test('visitors must sign in', async ({ db, services, member }) => {
    const seller = await member();
    const listingId = await insertListing(db.db, seller.id);
    const visitor = await callerFor(services);
    await expectAppError(visitor.orders.purchase({ listingId, quantity: 1, idempotencyKey: key() }), 'LOGIN_REQUIRED');
  });

  test('the price paid is the price at purchase time; later edits do not touch the order', async ({ db, member }) => {
    const seller = await member();
    const buyer = await member({ usdnCents: 10_000 });
    const listingId = await insertListing(db.db, seller.id, { priceCents: 1_234, title: 'Old title' });
    const { orderId } = await buyer.api.orders.purchase({ listingId, quantity: 1, idempotencyKey: key() });
    await db.db.updateTable('listings').set({ price_cents: 9_999, title: 'New title' }).where('id', '=', listingId).execute();
    expect(await orderRow(db.db, orderId)).toMatchObject({ unit_price_cents: 1_234, total_cents: 1_234, title: 'Old title' });
  });
});
