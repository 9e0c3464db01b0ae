import { describe, expect, test } from '../../helpers/fixtures.ts';
import { ORDER_LIMITS } from '@curio/shared';
import { NEEDS_POSTGRES, onRealPostgres } from '../../helpers/test-db.ts';
import { appCodeOf } from '../../helpers/app-errors.ts';
import { runInTransaction } from '../../../server/src/db/transaction.ts';
import { runSweepOnce } from '../../../server/src/jobs/order-sweeper.ts';
import { approveRefund } from '../../../server/src/domain/orders/resolve-refund.ts';
import { expectLedgerHealthy, insertListing, key, listingRow, shippedOrder, transfersFor, usdn } from './support.ts';

test.override('poolSize', 40);

if (!onRealPostgres()) console.warn(`orders races skipped: ${NEEDS_POSTGRES}`);

function outcomeCode(result: PromiseSettledResult<unknown>): string {
  if (result.status === 'fulfilled') return 'OK';
  return appCodeOf(result.reason) ?? String(result.reason);
}

describe.skipIf(!onRealPostgres())('orders under concurrency (real PostgreSQL)', () => {
  test('100 buyers racing for a stock of 3: exactly 3 orders, quantity 0, sold', async ({ db, member }) => {
    const seller = await member();
    const listingId = await insertListing(db.db, seller.id, { quantity: 3, priceCents: 1_000 });
    const buyers = await Promise.all(Array.from({ length: 100 }, () => member({ usdnCents: 1_000 })));
    const results = await Promise.allSettled(buyers.map((b) => b.api.orders.purchase({ listingId, quantity: 1, idempotencyKey: key() })));
    const codes = results.map(outcomeCode);
    expect(codes.filter((c) => c === 'OK')).toHaveLength(3);
    // the losers see a translated reason, never a 500
    expect(new Set(codes.filter((c) => c !== 'OK'))).toEqual(new Set(['LISTING_NOT_AVAILABLE']));
    expect(await listingRow(db.db, listingId)).toMatchObject({ quantity: 0, status: 'sold', purchase_count: 3 });
    expect(await db.db.selectFrom('orders').select('id').where('listing_id', '=', listingId).execute()).toHaveLength(3);
    const paid = await Promise.all(buyers.map((b) => usdn(db.db, b.id)));
    expect(paid.filter((cents) => cents === 0)).toHaveLength(3);
    await expectLedgerHealthy(db.db);
  });

  test('a buyer funded for one item firing 20 purchases of 20 listings: exactly one order', async ({ db, member }) => {
    const seller = await member();
    const buyer = await member({ usdnCents: 1_500 });
    const listings = await Promise.all(Array.from({ length: 20 }, () => insertListing(db.db, seller.id, { quantity: 1, priceCents: 1_500 })));
    const results = await Promise.allSettled(listings.map((listingId) => buyer.api.orders.purchase({ listingId, quantity: 1, idempotencyKey: key() })));
    const codes = results.map(outcomeCode);
    expect(codes.filter((c) => c === 'OK')).toHaveLength(1);
    expect(codes.filter((c) => c === 'INSUFFICIENT_BALANCE')).toHaveLength(19);
    expect(await db.db.selectFrom('orders').select('id').where('buyer_id', '=', buyer.id).execute()).toHaveLength(1);
    expect(await usdn(db.db, buyer.id)).toBe(0);
    const stock = await db.db.selectFrom('listings').select('quantity').where('id', 'in', listings).execute();
    expect(stock.filter((row) => row.quantity === 0)).toHaveLength(1);
    await expectLedgerHealthy(db.db);
  });

  test('one idempotency key fired 10 times at once: one order, one transfer', async ({ db, member }) => {
    const seller = await member();
    const buyer = await member({ usdnCents: 10_000 });
    const listingId = await insertListing(db.db, seller.id, { quantity: 10, priceCents: 1_000 });
    const idempotencyKey = key();
    const results = await Promise.all(Array.from({ length: 10 }, () => buyer.api.orders.purchase({ listingId, quantity: 1, idempotencyKey })));
    expect(new Set(results.map((r) => r.orderId)).size).toBe(1);
    expect(await usdn(db.db, buyer.id)).toBe(9_000);
    expect((await listingRow(db.db, listingId)).quantity).toBe(9);
  });

  test('confirmReceipt racing two sweeps after the deadline: one escrow release per order', async ({ db, services }) => {
    const made = await Promise.all(Array.from({ length: 6 }, () => shippedOrder(services, { priceCents: 2_000 })));
    services.clock.advance(ORDER_LIMITS.autoCompleteAfterMs + 1_000);
    const confirms = made.map((m) => m.buyer.api.orders.confirmReceipt({ orderId: m.orderId, idempotencyKey: key() }));
    const results = await Promise.allSettled([...confirms, runSweepOnce(services), runSweepOnce(services)]);
    for (const result of results.slice(0, made.length)) {
      // the buyer either won or found the order already completed by the sweeper
      expect(['OK', 'ORDER_STATUS_CHANGED']).toContain(outcomeCode(result));
    }
    expect(results.slice(made.length).every((r) => r.status === 'fulfilled')).toBe(true);
    for (const m of made) {
      const kinds = (await transfersFor(db.db, m.orderId)).map((t) => t.kind);
      expect(kinds.filter((k) => k === 'escrow_release')).toHaveLength(1);
      expect(kinds.filter((k) => k === 'order_points')).toHaveLength(2);
      expect(await usdn(db.db, m.seller.id)).toBe(2_000);
    }
    await expectLedgerHealthy(db.db);
  });

  test('two sweepers racing over many due orders: each order resolved once', async ({ db, services }) => {
    const made = await Promise.all(Array.from({ length: 12 }, () => shippedOrder(services, { priceCents: 1_000 })));
    services.clock.advance(ORDER_LIMITS.autoCompleteAfterMs + 1_000);
    const [a, b] = await Promise.all([runSweepOnce(services), runSweepOnce(services)]);
    expect(a.autoCompleted + b.autoCompleted).toBe(made.length);
    for (const m of made) {
      expect((await transfersFor(db.db, m.orderId)).filter((t) => t.kind === 'escrow_release')).toHaveLength(1);
    }
    await expectLedgerHealthy(db.db);
  });

  test('six complaints from one party at once: exactly one is filed, the rest COMPLAINT_ALREADY_OPEN', async ({ db, services }) => {
    const { buyer, orderId } = await shippedOrder(services);
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => buyer.api.orders.complain({ orderId, type: 'product_issue', reason: `Not as described (${i})` })),
    );
    expect(results.map(outcomeCode).sort()).toEqual([
      'COMPLAINT_ALREADY_OPEN',
      'COMPLAINT_ALREADY_OPEN',
      'COMPLAINT_ALREADY_OPEN',
      'COMPLAINT_ALREADY_OPEN',
      'COMPLAINT_ALREADY_OPEN',
      'OK',
    ]);
    expect(await db.db.selectFrom('complaints').select('id').where('order_id', '=', orderId).execute()).toHaveLength(1);
  });

  test('two parallel refund approvals: one refund transfer', async ({ db, services, admin }) => {
    const { buyer, orderId } = await shippedOrder(services, { priceCents: 3_000 });
    await buyer.api.orders.requestRefund({ orderId, reason: 'broken' });
    const refund = await db.db.selectFrom('refunds').select('id').where('order_id', '=', orderId).executeTakeFirstOrThrow();
    const now = services.clock.now();
    const results = await Promise.allSettled(
      Array.from({ length: 2 }, () => runInTransaction(db.db, (trx) => approveRefund(trx, { refundId: refund.id, adminId: admin.id, notes: null, now }))),
    );
    expect(results.map(outcomeCode).sort()).toEqual(['OK', 'ORDER_STATUS_CHANGED']);
    expect((await transfersFor(db.db, orderId)).filter((t) => t.kind === 'refund')).toHaveLength(1);
    expect(await usdn(db.db, buyer.id)).toBe(3_000);
    await expectLedgerHealthy(db.db);
  });
});
