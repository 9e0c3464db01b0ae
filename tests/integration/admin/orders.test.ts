import { describe, expect, test } from '../../helpers/fixtures.ts';
import { paidOrder, shippedOrder } from '../orders/support.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

describe('admin.orders', () => {
  test('every order with title, short id, total, status and both parties; status filter; search by title or id prefix', async ({ db, services, admin }) => {
    const paid = await paidOrder(services, { priceCents: 1_250, quantity: 2 });
    const shipped = await shippedOrder(services);
    await db.db
      .updateTable('orders')
      .set({ title: 'Tin robot 100% original', created_at: new Date('2026-11-21T09:00:00Z') })
      .where('id', '=', shipped.orderId)
      .execute();

    const all = await admin.api.admin.orders.list({});
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

    expect((await admin.api.admin.orders.list({ status: 'shipped' })).items.map((item) => item.id)).toEqual([shipped.orderId]);
    expect((await admin.api.admin.orders.list({ status: 'refunded' })).total).toBe(0);
    expect((await admin.api.admin.orders.list({ search: 'robot 100%' })).items.map((item) => item.id)).toEqual([shipped.orderId]);
    expect((await admin.api.admin.orders.list({ search: '1%0' })).total).toBe(0);
    // the short id as shown, in either case, finds the order
    const prefix = paid.orderId.slice(0, 8);
    expect((await admin.api.admin.orders.list({ search: prefix.toUpperCase() })).items.map((item) => item.id)).toEqual([paid.orderId]);
    expect((await admin.api.admin.orders.list({ search: paid.orderId })).items.map((item) => item.id)).toEqual([paid.orderId]);
  });

  test('get: the detail the console opens instead of the members-only order page, with the refund', async ({ services, admin }) => {
    const made = await paidOrder(services);
    await made.buyer.api.orders.requestRefund({ orderId: made.orderId, reason: 'Never arrived' });
    const detail = await admin.api.admin.orders.get({ orderId: made.orderId });
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
    await expectAppError(admin.api.admin.orders.get({ orderId: '00000000-0000-4000-8000-000000000000' }), 'ORDER_NOT_FOUND');
  });
});
