import { describe, expect, test } from '../../helpers/fixtures.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../server/src/db/schema.ts';
import { ORDER_LIMITS, refundRefusal } from '@curio/shared';
import { type TestServices } from '../../helpers/services.ts';
import { runInTransaction } from '../../../server/src/db/transaction.ts';
import { approveRefund, rejectRefund } from '../../../server/src/domain/orders/resolve-refund.ts';
import { appCodeOf } from '../ledger/ledger-fixtures.ts';
import { escrowBalance, expectLedgerHealthy, key, listingRow, notificationsOf, orderRow, paidOrder, shippedOrder, transfersFor, usdn } from './support.ts';
import { cancelUnshippedOrder } from '../../../server/src/domain/orders/cancel-unshipped.ts';

async function refundOf(db: Kysely<Database>, orderId: string) {
  return db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
}

async function requested(services: TestServices, from: 'paid' | 'shipped') {
  const made = from === 'paid' ? await paidOrder(services) : await shippedOrder(services);
  await made.buyer.api.orders.requestRefund({ orderId: made.orderId, reason: 'Broken' });
  return { ...made, refundId: (await refundOf(services.db, made.orderId)).id };
}

describe('approveRefund (admin service)', () => {
  test('the escrow returns to the buyer, the order is refunded, the buyer notified', async ({ db, services, admin }) => {
    const { buyer, orderId, refundId, listingId } = await requested(services, 'shipped');
    const escrowBefore = await escrowBalance(db.db);
    const now = services.clock.now();
    const outcome = await runInTransaction(db.db, (trx) => approveRefund(trx, { refundId, adminId: admin.id, notes: 'Seller agreed', now }));
    expect(outcome).toMatchObject({ orderId, buyerId: buyer.id, affectedUserIds: [buyer.id] });
    expect(await usdn(db.db, buyer.id)).toBe(2_500);
    expect((await escrowBalance(db.db)) - escrowBefore).toBe(-2_500);
    expect(await orderRow(db.db, orderId)).toMatchObject({ status: 'refunded', refunded_at: now });
    expect(await refundOf(db.db, orderId)).toMatchObject({ status: 'approved', admin_notes: 'Seller agreed', processed_by: admin.id, processed_at: now });
    expect((await transfersFor(db.db, orderId)).map((t) => t.kind)).toEqual(['purchase_escrow', 'refund']);
    expect((await notificationsOf(db.db, buyer.id)).at(-1)?.type).toBe('refund_approved');
    // a refund does not put stock back (ADR 0013): the goods may be with the buyer
    expect((await listingRow(db.db, listingId)).quantity).toBe(2);
    const detail = await buyer.api.orders.get({ orderId });
    expect(detail).toMatchObject({ status: 'refunded', escrowStatus: 'refunded', refund: { status: 'approved', adminNotes: 'Seller agreed' } });
    await expectLedgerHealthy(db.db);
  });

  test('a second decision on the same refund is ORDER_STATUS_CHANGED and moves nothing', async ({ db, services, admin }) => {
    const { orderId, refundId } = await requested(services, 'paid');
    const now = services.clock.now();
    await runInTransaction(db.db, (trx) => approveRefund(trx, { refundId, adminId: admin.id, notes: null, now }));
    for (const decide of [approveRefund, rejectRefund]) {
      const error = await runInTransaction(db.db, (trx) => decide(trx, { refundId, adminId: admin.id, notes: null, now })).catch((e: unknown) => e);
      expect(appCodeOf(error)).toBe('ORDER_STATUS_CHANGED');
    }
    expect((await transfersFor(db.db, orderId)).map((t) => t.kind)).toEqual(['purchase_escrow', 'refund']);
    const missing = await runInTransaction(db.db, (trx) =>
      approveRefund(trx, { refundId: '00000000-0000-4000-8000-000000000123', adminId: admin.id, notes: null, now }),
    ).catch((e: unknown) => e);
    expect(appCodeOf(missing)).toBe('NOT_FOUND');
  });
});

describe('rejectRefund (admin service)', () => {
  test.for(['paid', 'shipped'] as const)('back to %s, money still in escrow, the buyer notified', async (from, { db, services, admin }) => {
    const { buyer, orderId, refundId } = await requested(services, from);
    const now = services.clock.now();
    await runInTransaction(db.db, (trx) => rejectRefund(trx, { refundId, adminId: admin.id, notes: 'No evidence', now }));
    expect(await orderRow(db.db, orderId)).toMatchObject({ status: from, status_before_refund: null });
    expect(await refundOf(db.db, orderId)).toMatchObject({ status: 'rejected', admin_notes: 'No evidence' });
    expect((await transfersFor(db.db, orderId)).map((t) => t.kind)).toEqual(['purchase_escrow']);
    expect((await notificationsOf(db.db, buyer.id)).at(-1)).toMatchObject({ type: 'refund_rejected', params: { notes: 'No evidence' } });
    // one request per order: a rejected buyer complains instead of asking again
    const again = await buyer.api.orders.requestRefund({ orderId, reason: 'again' }).catch((e: unknown) => e);
    expect(appCodeOf(again)).toBe('REFUND_ALREADY_REQUESTED');
    await expectLedgerHealthy(db.db);
  });

  test('a deadline that ran out while the refund was open gets a day of grace', async ({ db, services, admin }) => {
    const { orderId, refundId } = await requested(services, 'shipped');
    const later = new Date(services.clock.now().getTime() + ORDER_LIMITS.autoCompleteAfterMs + 60_000);
    await runInTransaction(db.db, (trx) => rejectRefund(trx, { refundId, adminId: admin.id, notes: null, now: later }));
    const order = await orderRow(db.db, orderId);
    expect(order.auto_complete_at).toEqual(new Date(later.getTime() + ORDER_LIMITS.urgentAfterMs));
  });
});

describe('when a refund may be requested (ADR 0029)', () => {
  type Made = Awaited<ReturnType<typeof paidOrder>>;
  const reject = (services: TestServices, made: Made, adminId: string) =>
    runInTransaction(services.db, async (trx) => {
      const refund = await trx.selectFrom('refunds').select('id').where('order_id', '=', made.orderId).executeTakeFirstOrThrow();
      await rejectRefund(trx, { refundId: refund.id, adminId, notes: 'No evidence', now: services.clock.now() });
    });
  const approve = (services: TestServices, made: Made, adminId: string) =>
    runInTransaction(services.db, async (trx) => {
      const refund = await trx.selectFrom('refunds').select('id').where('order_id', '=', made.orderId).executeTakeFirstOrThrow();
      await approveRefund(trx, { refundId: refund.id, adminId, notes: null, now: services.clock.now() });
    });

  /** Every state an order page can show its buyer, and how it got there. */
  const states: Record<string, (services: TestServices, adminId: string) => Promise<Made>> = {
    paid: (services) => paidOrder(services),
    shipped: (services) => shippedOrder(services),
    completed: async (services) => {
      const made = await shippedOrder(services);
      await made.buyer.api.orders.confirmReceipt({ orderId: made.orderId, idempotencyKey: key() });
      return made;
    },
    refunding: async (services) => {
      const made = await paidOrder(services);
      await made.buyer.api.orders.requestRefund({ orderId: made.orderId, reason: 'Broken' });
      return made;
    },
    refunded: async (services, adminId) => {
      const made = await paidOrder(services);
      await made.buyer.api.orders.requestRefund({ orderId: made.orderId, reason: 'Broken' });
      await approve(services, made, adminId);
      return made;
    },
    'paid after a rejected refund': async (services, adminId) => {
      const made = await paidOrder(services);
      await made.buyer.api.orders.requestRefund({ orderId: made.orderId, reason: 'Broken' });
      await reject(services, made, adminId);
      return made;
    },
    'shipped after a rejected refund': async (services, adminId) => {
      const made = await shippedOrder(services);
      await made.buyer.api.orders.requestRefund({ orderId: made.orderId, reason: 'Broken' });
      await reject(services, made, adminId);
      return made;
    },
    cancelled: async (services) => {
      const made = await paidOrder(services);
      const late = new Date(services.clock.now().getTime() + ORDER_LIMITS.shipDeadlineMs + 1);
      expect(await runInTransaction(services.db, (trx) => cancelUnshippedOrder(trx, { orderId: made.orderId, now: late }))).not.toBeNull();
      return made;
    },
  };

  test.for(Object.keys(states))('%s: the server accepts exactly when the order page offers the action', async (state, { db, services, admin }) => {
    const made = await states[state]!(services, admin.id);
    const detail = await made.buyer.api.orders.get({ orderId: made.orderId });
    const offered = refundRefusal({ status: detail.status, hasRefundRequest: detail.refund !== null });
    const outcome = await made.buyer.api.orders.requestRefund({ orderId: made.orderId, reason: 'Please' }).then(
      () => null,
      (error: unknown) => appCodeOf(error),
    );
    expect(outcome).toBe(offered);
    // the page offers refunds only on paid and shipped orders with no request yet
    expect(offered === null).toBe(state === 'paid' || state === 'shipped');
    // a refusal says when refunds are possible; never "the status changed, refresh"
    expect(outcome).not.toBe('ORDER_STATUS_CHANGED');
    await expectLedgerHealthy(db.db);
  });
});
