import { describe, expect, test } from '../../helpers/fixtures.ts';
import { callerFor, type TestServices } from '../../helpers/services.ts';
import { onRealPostgres, type TestDatabase } from '../../helpers/test-db.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { appCodeOf } from '../ledger/ledger-fixtures.ts';
import { insertListing, notificationsOf, paidOrder } from '../orders/support.ts';
import { storedUpload } from '../../helpers/uploads.ts';
import { auditEntries } from './support.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

test.override('poolSize', 8);

const auditOf = (db: TestDatabase, complaintId: string) => auditEntries(db.db, 'complaint', complaintId);

function complaintRow(db: TestDatabase, id: string) {
  return db.db.selectFrom('complaints').select(['status', 'admin_response', 'resolved_by', 'resolved_at']).where('id', '=', id).executeTakeFirstOrThrow();
}

/** The buyer of a paid order complains about it, with one evidence image. */
async function orderComplaint(services: TestServices, reason = 'The compass needle is stuck') {
  const made = await paidOrder(services);
  const image = await storedUpload(services, made.buyer.id);
  const { complaintId } = await made.buyer.api.orders.complain({ orderId: made.orderId, type: 'product_issue', reason, evidenceImages: [image] });
  return { ...made, complaintId, image };
}

describe('admin.complaints.list', () => {
  test('order complaints and listing reports with type, reason, evidence, reporter, target; status filter; reason search', async ({
    db,
    services,
    admin,
    member,
  }) => {
    const { complaintId, buyer, seller, orderId, image } = await orderComplaint(services, 'Needle stuck at 100% north');
    const owner = await member({ nickname: 'Lister' });
    const reporter = await member({ nickname: 'Reporter' });
    const listingId = await insertListing(db.db, owner.id, { title: 'Suspicious watch' });
    const report = await reporter.api.marketplace.listings.report({ id: listingId, reason: 'fake', detail: 'Clearly a replica' });

    const all = await admin.api.admin.complaints.list({});
    expect(all.total).toBe(2);
    const byId = new Map(all.items.map((item) => [item.id, item]));
    expect(byId.get(complaintId)).toEqual({
      id: complaintId,
      subject: 'order',
      type: 'product_issue',
      reason: 'Needle stuck at 100% north',
      evidence: [{ key: image, url: `/uploads/${image}` }],
      reporter: { id: buyer.id, nickname: 'Buyer' },
      targetUser: { id: seller.id, nickname: 'Seller' },
      target: { id: orderId, title: 'Brass pocket compass' },
      status: 'pending',
      adminResponse: null,
      resolvedBy: null,
      resolvedAt: null,
      createdAt: expect.any(Date) as unknown,
    });
    expect(byId.get(report.id)).toMatchObject({
      subject: 'listing',
      type: 'fake',
      reason: 'Clearly a replica',
      evidence: [],
      reporter: { nickname: 'Reporter' },
      targetUser: { id: owner.id, nickname: 'Lister' },
      target: { id: listingId, title: 'Suspicious watch' },
    });

    expect((await admin.api.admin.complaints.list({ search: '100%' })).items.map((item) => item.id)).toEqual([complaintId]);
    await admin.api.admin.complaints.resolve({ complaintId: report.id, response: 'Listing removed' });
    expect((await admin.api.admin.complaints.list({ status: 'pending' })).items.map((item) => item.id)).toEqual([complaintId]);
    expect((await admin.api.admin.complaints.list({ status: 'resolved' })).items).toEqual([
      expect.objectContaining({
        id: report.id,
        status: 'resolved',
        adminResponse: 'Listing removed',
        resolvedBy: expect.objectContaining({ id: admin.id }) as unknown,
      }),
    ]);
  });
});

describe('admin.complaints.resolve', () => {
  test('resolves once with the response; the reporter reads it on the order; audited', async ({ db, services, admin }) => {
    const { complaintId, buyer, orderId } = await orderComplaint(services);
    const notificationsBefore = (await notificationsOf(db.db, buyer.id)).length;
    expect(await admin.api.admin.complaints.resolve({ complaintId, response: '  The seller will send a replacement  ' })).toEqual({
      complaintId,
      status: 'resolved',
    });
    expect(await complaintRow(db, complaintId)).toMatchObject({
      status: 'resolved',
      admin_response: 'The seller will send a replacement',
      resolved_by: admin.id,
      resolved_at: services.clock.now(),
    });
    expect((await buyer.api.orders.get({ orderId })).myComplaints).toEqual([
      expect.objectContaining({ id: complaintId, status: 'resolved', adminResponse: 'The seller will send a replacement' }),
    ]);
    // the reporter is told, with the response and a link to the order
    const notifications = await notificationsOf(db.db, buyer.id);
    expect(notifications).toHaveLength(notificationsBefore + 1);
    expect(notifications).toContainEqual(
      expect.objectContaining({ type: 'complaint_resolved', params: { notes: 'The seller will send a replacement' }, link: `/orders/${orderId}` }),
    );
    const [entry, ...more] = await auditOf(db, complaintId);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      admin_id: admin.id,
      action: 'complaint.resolve',
      before: expect.objectContaining({ status: 'pending', type: 'product_issue', reporter_id: buyer.id }) as unknown,
      after: { status: 'resolved', admin_response: 'The seller will send a replacement' },
      reason: 'The seller will send a replacement',
    });

    // once: a second resolve is refused and changes nothing
    await expectAppError(admin.api.admin.complaints.resolve({ complaintId, response: 'Another answer' }), 'REQUEST_ALREADY_PROCESSED');
    expect((await complaintRow(db, complaintId)).admin_response).toBe('The seller will send a replacement');
    expect(await auditOf(db, complaintId)).toHaveLength(1);
  });

  test.for(['', '   '])('an empty response (%j) → RESPONSE_REQUIRED, nothing changed', async (response, { db, services, admin }) => {
    const { complaintId } = await orderComplaint(services);
    await expectAppError(admin.api.admin.complaints.resolve({ complaintId, response }), 'RESPONSE_REQUIRED');
    expect(await complaintRow(db, complaintId)).toMatchObject({ status: 'pending', admin_response: null, resolved_by: null });
    expect(await auditOf(db, complaintId)).toHaveLength(0);
  });

  test('an overlong response → CONTENT_TOO_LONG; an unknown complaint → NOT_FOUND; nothing written', async ({ db, services, admin }) => {
    const { complaintId } = await orderComplaint(services);
    await expectAppError(admin.api.admin.complaints.resolve({ complaintId, response: 'x'.repeat(1001) }), 'CONTENT_TOO_LONG');
    expect((await complaintRow(db, complaintId)).status).toBe('pending');
    const missing = '00000000-0000-4000-8000-00000000dead';
    await expectAppError(admin.api.admin.complaints.resolve({ complaintId: missing, response: 'Done' }), 'NOT_FOUND');
    expect(await auditOf(db, missing)).toHaveLength(0);
    expect(await auditOf(db, complaintId)).toHaveLength(0);
  });
});

describe.skipIf(!onRealPostgres())('admin.complaints races (real PostgreSQL)', () => {
  test('two admins resolving one complaint at once: one response wins, one audit entry', async ({ db, services, admin }) => {
    const { complaintId } = await orderComplaint(services);
    const second = await callerFor(services, (await insertTestUser(db.db, { admin: true })).id);
    const outcomes = await Promise.allSettled(
      [admin.api, second].map((api, index) => api.admin.complaints.resolve({ complaintId, response: `Answer ${index}` })),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.flatMap((o) => (o.status === 'rejected' ? [appCodeOf(o.reason)] : []))).toEqual(['REQUEST_ALREADY_PROCESSED']);
    expect(await auditOf(db, complaintId)).toHaveLength(1);
  });
});
