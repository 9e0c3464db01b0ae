import { describe, expect, test } from '../../helpers/fixtures.ts';
import { callerFor, type TestServices } from '../../helpers/services.ts';
import { onRealPostgres, type TestDatabase } from '../../helpers/test-db.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { appCodeOf } from '../ledger/ledger-fixtures.ts';
import { expectLedgerHealthy, notificationsOf, orderRow, paidOrder, transfersFor, usdn } from '../orders/support.ts';
import { auditEntries } from './support.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

test.override('poolSize', 12);

async function refundRequested(services: TestServices) {
  // a minute apart, so "newest first" is a real order rather than a tie
  services.clock.advance(60_000);
  const made = await paidOrder(services);
  await made.buyer.api.orders.requestRefund({ orderId: made.orderId, reason: 'Changed my mind' });
  const refund = await services.db.selectFrom('refunds').select('id').where('order_id', '=', made.orderId).executeTakeFirstOrThrow();
  return { ...made, refundId: refund.id };
}

const auditOf = (db: TestDatabase, refundId: string) => auditEntries(db.db, 'refund', refundId);

describe('admin.refunds', () => {
  test('approve: the escrow returns to the buyer, the order is refunded, and the action is audited', async ({ db, services, admin }) => {
    const { buyer, orderId, refundId } = await refundRequested(services);
    expect(await admin.api.admin.refunds.approve({ refundId, notes: 'Seller agreed' })).toEqual({ orderId, status: 'approved' });
    expect((await orderRow(db.db, orderId)).status).toBe('refunded');
    expect(await usdn(db.db, buyer.id)).toBe(2_500);
    const [entry, ...more] = await auditOf(db, refundId);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      admin_id: admin.id,
      action: 'refund.approve',
      before: { refund_status: 'pending', order_status: 'refunding', amount_cents: 2_500 },
      after: { refund_status: 'approved', order_status: 'refunded' },
      reason: 'Seller agreed',
    });

    // a second click acts on nothing: no money, no second entry
    await expectAppError(admin.api.admin.refunds.approve({ refundId }), 'ORDER_STATUS_CHANGED');
    expect(await auditOf(db, refundId)).toHaveLength(1);
    await expectLedgerHealthy(db.db);
  });

  test('reject needs notes (REJECTION_REASON_REQUIRED, nothing changed) and puts the order back where it was', async ({ db, services, admin }) => {
    const { buyer, orderId, refundId } = await refundRequested(services);
    for (const notes of [undefined, '', '   ']) {
      await expectAppError(admin.api.admin.refunds.reject({ refundId, notes }), 'REJECTION_REASON_REQUIRED');
    }
    expect(await auditOf(db, refundId)).toHaveLength(0);
    expect((await orderRow(db.db, orderId)).status).toBe('refunding');
    expect((await notificationsOf(db.db, buyer.id)).map((n) => n.type)).not.toContain('refund_rejected');
    await admin.api.admin.refunds.reject({ refundId, notes: 'The item was as described' });
    expect((await orderRow(db.db, orderId)).status).toBe('paid');
    expect(await usdn(db.db, buyer.id)).toBe(0);
    expect((await auditOf(db, refundId)).map((e) => [e.action, e.reason])).toEqual([['refund.reject', 'The item was as described']]);
    expect((await notificationsOf(db.db, buyer.id)).map((n) => n.type)).toContain('refund_rejected');
  });

  test('list: newest first with order title, buyer, seller, amount, reason and status; status filter; search; paging', async ({ db, services, admin }) => {
    const first = await refundRequested(services);
    const second = await refundRequested(services);
    await db.db.updateTable('orders').set({ title: 'Listed refund: tin robot' }).where('id', '=', first.orderId).execute();
    await db.db.updateTable('orders').set({ title: 'Listed refund: jade seal' }).where('id', '=', second.orderId).execute();
    await admin.api.admin.refunds.reject({ refundId: first.refundId, notes: 'Not as claimed' });

    const all = await admin.api.admin.refunds.list({ search: 'Listed refund' });
    expect(all.total).toBe(2);
    expect(all.items.map((item) => item.id)).toEqual([second.refundId, first.refundId]);
    expect(all.items[0]).toMatchObject({
      orderId: second.orderId,
      orderTitle: 'Listed refund: jade seal',
      orderStatus: 'refunding',
      buyer: { id: second.buyer.id, nickname: 'Buyer' },
      seller: { id: second.seller.id, nickname: 'Seller' },
      amountCents: 2_500,
      reason: 'Changed my mind',
      status: 'pending',
      adminNotes: null,
      processedAt: null,
    });
    expect(all.items[0]!.createdAt).toBeInstanceOf(Date);
    expect(all.items[1]).toMatchObject({ status: 'rejected', adminNotes: 'Not as claimed', orderStatus: 'paid' });

    expect((await admin.api.admin.refunds.list({ status: 'pending', search: 'Listed refund' })).items.map((item) => item.id)).toEqual([second.refundId]);
    expect((await admin.api.admin.refunds.list({ status: 'rejected', search: 'Listed refund' })).items.map((item) => item.id)).toEqual([first.refundId]);
    expect((await admin.api.admin.refunds.list({ status: 'approved', search: 'Listed refund' })).total).toBe(0);
    expect((await admin.api.admin.refunds.list({ search: 'jade' })).items.map((item) => item.id)).toEqual([second.refundId]);
    // the buyer's nickname finds their requests too; % is a literal character
    expect((await admin.api.admin.refunds.list({ search: 'Buyer' })).total).toBeGreaterThanOrEqual(2);
    expect((await admin.api.admin.refunds.list({ search: 'Listed%' })).total).toBe(0);
    expect(await admin.api.admin.refunds.list({ search: 'Listed refund', page: 2, pageSize: 1 })).toMatchObject({ total: 2, items: [{ id: first.refundId }] });
    await expectAppError(admin.api.admin.refunds.list({ status: 'bogus' as 'all' }), 'VALIDATION_FAILED');
  });

  test('the audit log cannot be edited or deleted', async ({ db, services, admin }) => {
    const { refundId } = await refundRequested(services);
    await admin.api.admin.refunds.approve({ refundId });
    await expect(db.db.updateTable('admin_audit_log').set({ reason: 'rewritten' }).where('target_id', '=', refundId).execute()).rejects.toThrow(/append-only/);
    await expect(db.db.deleteFrom('admin_audit_log').where('target_id', '=', refundId).execute()).rejects.toThrow(/append-only/);
  });
});

describe.skipIf(!onRealPostgres())('admin.refunds races (real PostgreSQL)', () => {
  test('two admins approving one refund at once move the money once and leave one audit entry', async ({ db, services, admin }) => {
    const { orderId, refundId } = await refundRequested(services);
    const second = await insertTestUser(db.db, { admin: true });
    const callers = [admin.api, await callerFor(services, second.id)];
    const outcomes = await Promise.allSettled(callers.map((api) => api.admin.refunds.approve({ refundId })));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.flatMap((o) => (o.status === 'rejected' ? [appCodeOf(o.reason)] : []))).toEqual(['ORDER_STATUS_CHANGED']);
    expect((await transfersFor(db.db, orderId)).filter((t) => t.kind === 'refund')).toHaveLength(1);
    expect(await auditOf(db, refundId)).toHaveLength(1);
    await expectLedgerHealthy(db.db);
  });
});
