import { describe, expect, test } from '../../helpers/fixtures.ts';
import { ORDER_LIMITS } from '@curio/shared';
import { callerFor } from '../../helpers/services.ts';

import { orderPoints } from '../../../server/src/domain/orders/complete-order.ts';
import { storedUpload } from '../../helpers/uploads.ts';
import {
  escrowBalance,
  expectLedgerHealthy,
  insertListing,
  key,
  notificationsOf,
  orderRow,
  paidOrder,
  points,
  shippedOrder,
  transfersFor,
  usdn,
} from './support.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

describe('orders.ship', () => {
  test('the seller ships a paid order: delivery info, shipped time, auto-complete in 7 days, buyer notified', async ({ db, services }) => {
    const { seller, buyer, orderId } = await paidOrder(services);
    const detail = await seller.api.orders.ship({ orderId, deliveryInfo: '  SF Express 1234567890  ' });
    const now = services.clock.now();
    expect(detail).toMatchObject({ status: 'shipped', role: 'seller', deliveryInfo: 'SF Express 1234567890', shippedAt: now });
    expect(detail.autoCompleteAt).toEqual(new Date(now.getTime() + ORDER_LIMITS.autoCompleteAfterMs));
    expect((await notificationsOf(db.db, buyer.id)).map((n) => n.type)).toEqual(['order_shipped']);
    // shipping counts for the seller's attendance (ADR 0014)
    const profile = await db.db.selectFrom('profiles').select('attendance_rate').where('user_id', '=', seller.id).executeTakeFirstOrThrow();
    expect(profile.attendance_rate).toBe(1);
  });

  test('blank delivery info is DELIVERY_INFO_REQUIRED; too long is CONTENT_TOO_LONG', async ({ db, services }) => {
    const { seller, orderId } = await paidOrder(services);
    await expectAppError(seller.api.orders.ship({ orderId, deliveryInfo: '   ' }), 'DELIVERY_INFO_REQUIRED');
    await expectAppError(seller.api.orders.ship({ orderId, deliveryInfo: 'x'.repeat(ORDER_LIMITS.deliveryInfoMax + 1) }), 'CONTENT_TOO_LONG');
    expect((await orderRow(db.db, orderId)).status).toBe('paid');
  });

  test('only the seller ships, only once', async ({ db, services, member }) => {
    const { seller, buyer, orderId } = await paidOrder(services);
    await expectAppError(buyer.api.orders.ship({ orderId, deliveryInfo: 'x' }), 'ORDER_ACCESS_DENIED');
    const stranger = await member();
    await expectAppError(stranger.api.orders.ship({ orderId, deliveryInfo: 'x' }), 'ORDER_ACCESS_DENIED');
    await seller.api.orders.ship({ orderId, deliveryInfo: 'first' });
    await expectAppError(seller.api.orders.ship({ orderId, deliveryInfo: 'second' }), 'ORDER_STATUS_CHANGED');
    expect((await orderRow(db.db, orderId)).delivery_info).toBe('first');
  });
});

describe('orders.confirmReceipt', () => {
  test('escrow to the seller, points to both, sale counted, activity and notification', async ({ db, services }) => {
    const { seller, buyer, orderId, listingId } = await shippedOrder(services, { priceCents: 12_345, quantity: 2, stock: 5 });
    const escrowBefore = await escrowBalance(db.db);
    const detail = await buyer.api.orders.confirmReceipt({ orderId, idempotencyKey: key() });
    expect(detail).toMatchObject({ status: 'completed', escrowStatus: 'completed', role: 'buyer', completedAt: services.clock.now() });
    expect((await orderRow(db.db, orderId)).completed_by).toBe('buyer');

    // total 246.90 USDN: 5% is 12 points for the buyer, 10% is 24 for the seller (floored)
    expect(orderPoints(24_690)).toEqual({ buyer: 12, seller: 24 });
    expect(await usdn(db.db, seller.id)).toBe(24_690);
    expect(await points(db.db, buyer.id)).toBe(12);
    expect(await points(db.db, seller.id)).toBe(24);
    expect((await escrowBalance(db.db)) - escrowBefore).toBe(-24_690);
    expect(await transfersFor(db.db, orderId)).toEqual([
      { kind: 'purchase_escrow', currency: 'usdn', amount: 24_690 },
      { kind: 'escrow_release', currency: 'usdn', amount: 24_690 },
      { kind: 'order_points', currency: 'points', amount: 12 },
      { kind: 'order_points', currency: 'points', amount: 24 },
    ]);
    const profile = await db.db.selectFrom('profiles').select('sold_count').where('user_id', '=', seller.id).executeTakeFirstOrThrow();
    expect(profile.sold_count).toBe(2);
    const activity = await db.db
      .selectFrom('user_activities')
      .select(['activity_type', 'related_id', 'activity_data'])
      .where('user_id', '=', buyer.id)
      .executeTakeFirstOrThrow();
    expect(activity).toMatchObject({
      activity_type: 'order_complete',
      related_id: orderId,
      activity_data: { role: 'buyer', amount: 24_690, listing_id: listingId },
    });
    expect((await notificationsOf(db.db, seller.id)).map((n) => n.type)).toEqual(['order_paid', 'order_completed']);
    await expectLedgerHealthy(db.db);
  });

  test('small orders skip zero point transfers', async ({ db, services }) => {
    // 15.00 USDN: the buyer's 5% is 0.75 of a point (none), the seller's 10% is 1
    const { seller, buyer, orderId } = await shippedOrder(services, { priceCents: 1_500 });
    await buyer.api.orders.confirmReceipt({ orderId, idempotencyKey: key() });
    expect(await points(db.db, buyer.id)).toBe(0);
    expect(await points(db.db, seller.id)).toBe(1);
    expect((await transfersFor(db.db, orderId)).filter((t) => t.kind === 'order_points')).toEqual([{ kind: 'order_points', currency: 'points', amount: 1 }]);
  });

  test('the same key twice confirms once; a paid order cannot be confirmed; only the buyer confirms', async ({ db, services }) => {
    const { seller, buyer, orderId } = await paidOrder(services);
    const idempotencyKey = key();
    await expectAppError(buyer.api.orders.confirmReceipt({ orderId, idempotencyKey }), 'ORDER_STATUS_CHANGED');
    await seller.api.orders.ship({ orderId, deliveryInfo: 'x' });
    await expectAppError(seller.api.orders.confirmReceipt({ orderId, idempotencyKey: key() }), 'ORDER_ACCESS_DENIED');
    await buyer.api.orders.confirmReceipt({ orderId, idempotencyKey });
    await expect(buyer.api.orders.confirmReceipt({ orderId, idempotencyKey })).resolves.toMatchObject({ status: 'completed' });
    await expectAppError(buyer.api.orders.confirmReceipt({ orderId, idempotencyKey: key() }), 'ORDER_STATUS_CHANGED');
    expect((await transfersFor(db.db, orderId)).filter((t) => t.kind === 'escrow_release')).toHaveLength(1);
    await expectLedgerHealthy(db.db);
  });
});

describe('orders.requestRefund', () => {
  test.for(['paid', 'shipped'] as const)('from %s: refunding, a pending refund of the total, the seller notified', async (from, { db, services }) => {
    const made = from === 'paid' ? await paidOrder(services) : await shippedOrder(services);
    const detail = await made.buyer.api.orders.requestRefund({ orderId: made.orderId, reason: ' Arrived broken ' });
    expect(detail).toMatchObject({
      status: 'refunding',
      escrowStatus: 'in_progress',
      refund: { status: 'pending', reason: 'Arrived broken', amountCents: 2_500 },
    });
    expect((await orderRow(db.db, made.orderId)).status_before_refund).toBe(from);
    expect((await notificationsOf(db.db, made.seller.id)).at(-1)?.type).toBe('refund_requested');
    // the money stays in escrow until an admin decides
    expect(await transfersFor(db.db, made.orderId)).toHaveLength(1);
    await expectLedgerHealthy(db.db);
  });

  test('a second request is REFUND_ALREADY_REQUESTED; a reason is required; only the buyer asks', async ({ db, services }) => {
    const { seller, buyer, orderId } = await paidOrder(services);
    await expectAppError(buyer.api.orders.requestRefund({ orderId, reason: '  ' }), 'REFUND_REASON_REQUIRED');
    await expectAppError(seller.api.orders.requestRefund({ orderId, reason: 'x' }), 'ORDER_ACCESS_DENIED');
    await buyer.api.orders.requestRefund({ orderId, reason: 'changed my mind' });
    await expectAppError(buyer.api.orders.requestRefund({ orderId, reason: 'again' }), 'REFUND_ALREADY_REQUESTED');
    expect(await db.db.selectFrom('refunds').select('id').where('order_id', '=', orderId).execute()).toHaveLength(1);
  });

  test('a completed order cannot be refunded (REFUND_NOT_ALLOWED, ADR 0029); it cannot be shipped while refunding', async ({ services }) => {
    const done = await shippedOrder(services);
    await done.buyer.api.orders.confirmReceipt({ orderId: done.orderId, idempotencyKey: key() });
    await expectAppError(done.buyer.api.orders.requestRefund({ orderId: done.orderId, reason: 'late' }), 'REFUND_NOT_ALLOWED');
    const open = await paidOrder(services);
    await open.buyer.api.orders.requestRefund({ orderId: open.orderId, reason: 'x' });
    await expectAppError(open.seller.api.orders.ship({ orderId: open.orderId, deliveryInfo: 'x' }), 'ORDER_STATUS_CHANGED');
  });
});

describe('orders.complain', () => {
  test('either party files a complaint against the other, with evidence', async ({ db, services }) => {
    const { seller, buyer, orderId } = await shippedOrder(services);
    const image = await storedUpload(services, buyer.id);
    const { complaintId } = await buyer.api.orders.complain({ orderId, type: 'product_issue', reason: 'Not as described', evidenceImages: [image] });
    const row = await db.db.selectFrom('complaints').selectAll().where('id', '=', complaintId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      reporter_id: buyer.id,
      target_user_id: seller.id,
      order_id: orderId,
      type: 'product_issue',
      reason: 'Not as described',
      evidence_images: [image],
      status: 'pending',
    });
    await seller.api.orders.complain({ orderId, type: 'buyer_issue', reason: 'Abusive messages' });
    const against = await db.db.selectFrom('complaints').select('target_user_id').where('reporter_id', '=', seller.id).executeTakeFirstOrThrow();
    expect(against.target_user_id).toBe(buyer.id);
    const detail = await buyer.api.orders.get({ orderId });
    expect(detail.myComplaints).toEqual([expect.objectContaining({ id: complaintId, type: 'product_issue', status: 'pending' })]);
  });

  test('reason required, type checked, evidence must be uploaded, at most 5 images', async ({ db, services }) => {
    const { buyer, orderId } = await paidOrder(services);
    await expectAppError(buyer.api.orders.complain({ orderId, type: 'fraud', reason: ' ' }), 'COMPLAINT_REASON_REQUIRED');
    await expectAppError(buyer.api.orders.complain({ orderId, type: 'spam' as 'fraud', reason: 'x' }), 'VALIDATION_FAILED');
    await expectAppError(
      buyer.api.orders.complain({ orderId, type: 'fraud', reason: 'x', evidenceImages: ['proof/2026/11/00000000-0000-4000-8000-0000000000ff.webp'] }),
      'LISTING_IMAGE_MISSING',
    );
    const image = await storedUpload(services, buyer.id);
    await expectAppError(
      buyer.api.orders.complain({ orderId, type: 'fraud', reason: 'x', evidenceImages: Array(6).fill(image) as string[] }),
      'TOO_MANY_IMAGES',
    );
    expect(await db.db.selectFrom('complaints').select('id').where('order_id', '=', orderId).execute()).toEqual([]);
  });

  test('one open complaint per party per order: a second is COMPLAINT_ALREADY_OPEN until an admin answers the first', async ({ db, services, admin }) => {
    const { seller, buyer, orderId } = await shippedOrder(services);
    const { complaintId } = await buyer.api.orders.complain({ orderId, type: 'product_issue', reason: 'Not as described' });
    await expectAppError(buyer.api.orders.complain({ orderId, type: 'fraud', reason: 'Still not as described' }), 'COMPLAINT_ALREADY_OPEN');
    const complaintsOf = (reporterId: string) =>
      db.db.selectFrom('complaints').select(['id', 'status']).where('order_id', '=', orderId).where('reporter_id', '=', reporterId).execute();
    expect(await complaintsOf(buyer.id)).toEqual([{ id: complaintId, status: 'pending' }]);
    // the other party's own complaint is not blocked by this one
    await seller.api.orders.complain({ orderId, type: 'buyer_issue', reason: 'Abusive messages' });
    await expectAppError(seller.api.orders.complain({ orderId, type: 'other', reason: 'Again' }), 'COMPLAINT_ALREADY_OPEN');
    // once answered, the order may take a new complaint from the same member
    await admin.api.admin.complaints.resolve({ complaintId, response: 'The seller will send a replacement' });
    await buyer.api.orders.complain({ orderId, type: 'product_issue', reason: 'The replacement is broken too' });
    expect((await complaintsOf(buyer.id)).map((c) => c.status).sort()).toEqual(['pending', 'resolved']);
  });

  test('the database itself refuses a second open complaint from one party on one order', async ({ db, services }) => {
    const { seller, buyer, orderId } = await paidOrder(services);
    const row = { reporter_id: buyer.id, target_user_id: seller.id, order_id: orderId, type: 'other', reason: 'x' };
    await db.db.insertInto('complaints').values(row).execute();
    await expect(db.db.insertInto('complaints').values(row).execute()).rejects.toMatchObject({ code: '23505' });
    // reports on listings (no order) are not limited by it
    const report = { reporter_id: buyer.id, target_user_id: seller.id, type: 'fake', reason: 'y' };
    await db.db.insertInto('complaints').values([report, report]).execute();
  });

  test('a cancelled order takes no complaint; strangers none at all', async ({ db, services, member }) => {
    const { buyer, orderId } = await paidOrder(services);
    const stranger = await member();
    await expectAppError(stranger.api.orders.complain({ orderId, type: 'other', reason: 'x' }), 'ORDER_ACCESS_DENIED');
    await db.db.updateTable('orders').set({ status: 'cancelled' }).where('id', '=', orderId).execute();
    await expectAppError(buyer.api.orders.complain({ orderId, type: 'other', reason: 'x' }), 'COMPLAINT_NOT_ALLOWED');
  });
});

describe('live balances', () => {
  test('purchase and confirmation tell the affected members to re-read their balances', async ({ db, services, member }) => {
    const seller = await member();
    const buyer = await member({ usdnCents: 5_000 });
    const seen: string[] = [];
    const stops = [buyer.id, seller.id].map((userId) =>
      services.events.subscribe(userId, (event) => {
        if (event.type === 'balances-changed') seen.push(userId === buyer.id ? 'buyer' : 'seller');
      }),
    );
    try {
      const listingId = await insertListing(db.db, seller.id, { priceCents: 5_000 });
      const { orderId } = await buyer.api.orders.purchase({ listingId, quantity: 1, idempotencyKey: key() });
      expect(seen).toEqual(['buyer']);
      await seller.api.orders.ship({ orderId, deliveryInfo: 'x' });
      await buyer.api.orders.confirmReceipt({ orderId, idempotencyKey: key() });
      expect(seen.sort()).toEqual(['buyer', 'buyer', 'seller']);
    } finally {
      stops.forEach((stop) => stop());
    }
  });
});

describe('access', () => {
  test('a missing order is ORDER_NOT_FOUND (404); a stranger is ORDER_ACCESS_DENIED (403); visitors sign in', async ({ services, member }) => {
    const { orderId } = await paidOrder(services);
    const stranger = await member();
    const missing = '00000000-0000-4000-8000-00000000beef';
    const notFound = await expectAppError(stranger.api.orders.get({ orderId: missing }), 'ORDER_NOT_FOUND');
    expect(notFound.error.code).toBe('NOT_FOUND');
    const denied = await expectAppError(stranger.api.orders.get({ orderId }), 'ORDER_ACCESS_DENIED');
    expect(denied.error.code).toBe('FORBIDDEN');
    // thunks, called one at a time: promises made up front could reject before their await,
    // which Node reports as an unhandled rejection
    for (const call of [
      () => stranger.api.orders.ship({ orderId, deliveryInfo: 'x' }),
      () => stranger.api.orders.confirmReceipt({ orderId, idempotencyKey: key() }),
      () => stranger.api.orders.requestRefund({ orderId, reason: 'x' }),
    ]) {
      await expectAppError(call(), 'ORDER_ACCESS_DENIED');
    }
    await expectAppError(stranger.api.orders.ship({ orderId: missing, deliveryInfo: 'x' }), 'ORDER_NOT_FOUND');
    const visitor = await callerFor(services);
    await expectAppError(visitor.orders.get({ orderId }), 'LOGIN_REQUIRED');
  });
});
