import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callerFor, type TestServices, type Caller } from '../../helpers/services.ts';
import { type TestDatabase } from '../../helpers/test-db.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { paidOrder, shippedOrder } from '../orders/support.ts';
import { expectAppError } from '../../helpers/app-errors.ts';
import { openWorld } from '../../helpers/world.ts';

let db: TestDatabase, services: TestServices;
let admin: Caller;

beforeAll(async () => {
  ({ db, services } = await openWorld());
  admin = await callerFor(services, (await insertTestUser(db.db, { admin: true })).id);
});
afterAll(() => db?.close());

describe('admin.orders', () => {
  test('every order with title, short id, total, status and both parties; status filter; search by title or id prefix', async () => {
    const paid = await paidOrder(services, { priceCents: 1_250, quantity: 2 });
    const shipped = await shippedOrder(services);
    await db.db
      .updateTable('orders')
      .set({ title: 'Tin robot 100% original', created_at: new Date('2026-11-21T09:00:00Z') })
      .where('id', '=', shipped.orderId)
      .execute();

    const all = await admin.admin.orders.list({});
    expect(all.total).toBe(2);
    // newest first
    expect(all.items.map((item) => item.id)).toEqual([shipped.orderId, paid.orderId]);
    expect(all.items[1]).toEqual({
      id: paid.orderId,
      shortId: paid.orderId.slice(0, 8),
      title: 'Brass pocket compass',
      totalCents: 2_500,
      status: 'paid',
      buyer: { id: paid.buyer.id, nickname: 'Buyer' },
      seller: { id: paid.seller.id, nickname: 'Seller' },
      createdAt: expect.any(Date) as unknown,
    });

    expect((await admin.admin.orders.list({ status: 'shipped' })).items.map((item) => item.id)).toEqual([shipped.orderId]);
    expect((await admin.admin.orders.list({ status: 'refunded' })).total).toBe(0);
    expect((await admin.admin.orders.list({ search: 'robot 100%' })).items.map((item) => item.id)).toEqual([shipped.orderId]);
    expect((await admin.admin.orders.list({ search: '1%0' })).total).toBe(0);
    // the short id as shown, in either case, finds the order
    const prefix = paid.orderId.slice(0, 8);
    expect((await admin.admin.orders.list({ search: prefix.toUpperCase() })).items.map((item) => item.id)).toEqual([paid.orderId]);
    expect((await admin.admin.orders.list({ search: paid.orderId })).items.map((item) => item.id)).toEqual([paid.orderId]);
  });

  test('get: the detail the console opens instead of the members-only order page, with the refund', async () => {
    const made = await paidOrder(services);
    await made.buyer.api.orders.requestRefund({ orderId: made.orderId, reason: 'Never arrived' });
    const detail = await admin.admin.orders.get({ orderId: made.orderId });
    expect(detail).toMatchObject({
      id: made.orderId,
      status: 'refunding',
      listingId: made.listingId,
      unitPriceCents: 2_500,
      quantity: 1,
      paidAt: expect.any(Date) as unknown,
      refund: { status: 'pending', reason: 'Never arrived', amountCents: 2_500, adminNotes: null },
      complaintCount: 0,
    });
    await expectAppError(admin.admin.orders.get({ orderId: '00000000-0000-4000-8000-000000000000' }), 'ORDER_NOT_FOUND');
  });
});
