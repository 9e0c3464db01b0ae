import { describe, expect, test } from '../../helpers/fixtures.ts';
import { ORDER_LIMITS } from '@curio/shared';
import { runSweepOnce } from '../../../server/src/jobs/order-sweeper.ts';
import {
  expectLedgerHealthy,
  insertListing,
  key,
  listingRow,
  notificationsOf,
  orderRow,
  paidOrder,
  points,
  shippedOrder,
  transfersFor,
  usdn,
} from './support.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

const MINUTE = 60_000;

describe('auto-completion of shipped orders', () => {
  test('not before auto_complete_at; at it, completed by "auto" with the money and points, both notified', async ({ db, services }) => {
    const { seller, buyer, orderId } = await shippedOrder(services, { priceCents: 10_000 });
    services.clock.advance(ORDER_LIMITS.autoCompleteAfterMs - MINUTE);
    await runSweepOnce(services);
    expect((await orderRow(db.db, orderId)).status).toBe('shipped');

    services.clock.advance(MINUTE);
    const report = await runSweepOnce(services);
    expect(report.autoCompleted).toBeGreaterThanOrEqual(1);
    expect(await orderRow(db.db, orderId)).toMatchObject({ status: 'completed', completed_by: 'auto', completed_at: services.clock.now() });
    expect(await usdn(db.db, seller.id)).toBe(10_000);
    expect(await points(db.db, buyer.id)).toBe(5);
    expect(await points(db.db, seller.id)).toBe(10);
    expect((await notificationsOf(db.db, buyer.id)).at(-1)?.type).toBe('order_auto_completed');
    expect((await notificationsOf(db.db, seller.id)).at(-1)?.type).toBe('order_auto_completed');

    // a second sweep finds nothing more to do for it, and the buyer can no longer confirm
    await runSweepOnce(services);
    expect((await transfersFor(db.db, orderId)).filter((t) => t.kind === 'escrow_release')).toHaveLength(1);
    await expectAppError(buyer.api.orders.confirmReceipt({ orderId, idempotencyKey: key() }), 'ORDER_STATUS_CHANGED');
    await expectLedgerHealthy(db.db);
  });

  test('a refunding order is left alone', async ({ db, services }) => {
    const { buyer, orderId } = await shippedOrder(services);
    await buyer.api.orders.requestRefund({ orderId, reason: 'missing parts' });
    services.clock.advance(ORDER_LIMITS.autoCompleteAfterMs + MINUTE);
    await runSweepOnce(services);
    expect((await orderRow(db.db, orderId)).status).toBe('refunding');
  });
});

describe('cancellation of unshipped orders (ADR 0013)', () => {
  test('past the ship deadline: cancelled, the buyer refunded, the stock back on sale, both notified, reputation hit', async ({ db, services, member }) => {
    const seller = await member();
    const buyer = await member({ usdnCents: 5_000 });
    const listingId = await insertListing(db.db, seller.id, { priceCents: 2_500, quantity: 2 });
    const { orderId } = await buyer.api.orders.purchase({ listingId, quantity: 2, idempotencyKey: key() });
    expect((await listingRow(db.db, listingId)).status).toBe('sold');

    services.clock.advance(ORDER_LIMITS.shipDeadlineMs - MINUTE);
    await runSweepOnce(services);
    expect((await orderRow(db.db, orderId)).status).toBe('paid');

    services.clock.advance(MINUTE);
    const report = await runSweepOnce(services);
    expect(report.cancelledUnshipped).toBeGreaterThanOrEqual(1);
    expect(await orderRow(db.db, orderId)).toMatchObject({ status: 'cancelled', cancelled_at: services.clock.now() });
    expect(await usdn(db.db, buyer.id)).toBe(5_000);
    expect((await transfersFor(db.db, orderId)).map((t) => t.kind)).toEqual(['purchase_escrow', 'refund']);
    expect(await listingRow(db.db, listingId)).toMatchObject({ quantity: 2, status: 'available', buyer_id: null, sold_at: null });
    expect((await notificationsOf(db.db, buyer.id)).at(-1)?.type).toBe('order_cancelled_unshipped');
    expect((await notificationsOf(db.db, seller.id)).at(-1)?.type).toBe('order_cancelled_unshipped');
    const profile = await db.db.selectFrom('profiles').select(['credit_score', 'attendance_rate']).where('user_id', '=', seller.id).executeTakeFirstOrThrow();
    expect(profile).toEqual({ credit_score: 95, attendance_rate: 0 });
    // shipping is too late now
    await expectAppError(seller.api.orders.ship({ orderId, deliveryInfo: 'late' }), 'ORDER_STATUS_CHANGED');
    await expectLedgerHealthy(db.db);
  });

  test('a taken-down listing gets its stock back but stays down', async ({ db, services }) => {
    const { listingId, orderId } = await paidOrder(services, { stock: 3 });
    await db.db.updateTable('listings').set({ status: 'unavailable' }).where('id', '=', listingId).execute();
    services.clock.advance(ORDER_LIMITS.shipDeadlineMs);
    await runSweepOnce(services);
    expect((await orderRow(db.db, orderId)).status).toBe('cancelled');
    expect(await listingRow(db.db, listingId)).toMatchObject({ quantity: 3, status: 'unavailable' });
  });

  test('a shipped order is not cancelled by the ship deadline', async ({ db, services }) => {
    const { orderId } = await shippedOrder(services);
    // the auto-complete deadline (7 days after shipping) and the ship deadline coincide here; shipping wins
    services.clock.advance(ORDER_LIMITS.shipDeadlineMs - MINUTE);
    await runSweepOnce(services);
    expect((await orderRow(db.db, orderId)).status).toBe('shipped');
  });
});

describe('expiry of buying requests and invitations', () => {
  test('active requests past expires_at expire with their active offers; others are untouched', async ({ db, services, member }) => {
    const requester = await member();
    const seller = await member();
    const now = services.clock.now();
    const past = new Date(now.getTime() - MINUTE);
    const future = new Date(now.getTime() + 60 * MINUTE);
    const insert = (status: string, expires: Date) =>
      db.db
        .insertInto('buying_requests')
        .values({ user_id: requester.id, title: 'Wanted', description: 'Something', status, expires_at: expires, active_offers_count: 1 })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((r) => r.id);
    const due = await insert('in_negotiation', past);
    const notYet = await insert('open', future);
    const closed = await insert('closed', past);
    const offer = await db.db
      .insertInto('buying_offers')
      .values({ request_id: due, seller_id: seller.id, price_cents: 100, original_price_cents: 100, current_price_cents: 100, status: 'negotiating' })
      .returning('id')
      .executeTakeFirstOrThrow();

    const report = await runSweepOnce(services);
    expect(report.requestsExpired).toBeGreaterThanOrEqual(1);
    const statuses = await db.db.selectFrom('buying_requests').select(['id', 'status', 'active_offers_count']).where('user_id', '=', requester.id).execute();
    expect(Object.fromEntries(statuses.map((r) => [r.id, [r.status, r.active_offers_count]]))).toEqual({
      [due]: ['expired', 0],
      [notYet]: ['open', 1],
      [closed]: ['closed', 1],
    });
    expect((await db.db.selectFrom('buying_offers').select('status').where('id', '=', offer.id).executeTakeFirstOrThrow()).status).toBe('expired');
  });

  test('pending invitations past expires_at expire; accepted ones and future ones stay', async ({ db, services, member }) => {
    const inviter = await member();
    const now = services.clock.now();
    const insert = (code: string, status: string, expires: Date | null) =>
      db.db.insertInto('invitations').values({ inviter_id: inviter.id, invitation_code: code, status, expires_at: expires }).execute();
    await insert(`EXP${inviter.id.slice(0, 8)}`, 'pending', new Date(now.getTime() - MINUTE));
    await insert(`FUT${inviter.id.slice(0, 8)}`, 'pending', new Date(now.getTime() + MINUTE));
    await insert(`NUL${inviter.id.slice(0, 8)}`, 'pending', null);
    await insert(`ACC${inviter.id.slice(0, 8)}`, 'accepted', new Date(now.getTime() - MINUTE));
    await runSweepOnce(services);
    const rows = await db.db
      .selectFrom('invitations')
      .select(['invitation_code', 'status'])
      .where('inviter_id', '=', inviter.id)
      .orderBy('invitation_code')
      .execute();
    expect(rows.map((r) => `${r.invitation_code.slice(0, 3)}:${r.status}`)).toEqual(['ACC:accepted', 'EXP:expired', 'FUT:pending', 'NUL:pending']);
  });
});
