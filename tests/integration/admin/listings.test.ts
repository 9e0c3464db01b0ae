import { describe, expect, test } from '../../helpers/fixtures.ts';
import { callerFor, type TestServices } from '../../helpers/services.ts';
import { onRealPostgres, type TestDatabase } from '../../helpers/test-db.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { appCodeOf } from '../ledger/ledger-fixtures.ts';
import { insertListing, key, listingRow, orderRow } from '../orders/support.ts';

import { storageFor } from '../../../server/src/storage/storage-for.ts';
import { storedUpload } from '../../helpers/uploads.ts';
import { auditEntries } from './support.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

test.override('poolSize', 8);

const auditOf = (db: TestDatabase, listingId: string) => auditEntries(db.db, 'listing', listingId);

/** Listing ids the public feed shows (listings only; each test file has its own small database). */
async function feedListingIds(services: TestServices): Promise<string[]> {
  const page = await (await callerFor(services)).marketplace.feed.page({ type: 'listing', limit: 50 });
  return page.items.flatMap((item) => (item.kind === 'listing' ? [item.listing.id] : []));
}

describe('admin.listings.list', () => {
  test('lists every listing with its real seller, filters by status and review status, searches the title', async ({ db, admin, member }) => {
    const seller = await member({ nickname: 'Hidden hand' });
    const anonymous = await insertListing(db.db, seller.id, { title: 'Anon 100% wool scarf' });
    await db.db.updateTable('listings').set({ is_anonymous: true }).where('id', '=', anonymous).execute();
    const down = await insertListing(db.db, seller.id, { title: 'Down lamp', status: 'unavailable', reviewStatus: 'rejected' });
    const approved = await insertListing(db.db, seller.id, { title: 'Approved clock', reviewStatus: 'approved' });

    const all = await admin.api.admin.listings.list({ page: 1, pageSize: 100 });
    const scarf = all.items.find((item) => item.id === anonymous);
    expect(scarf).toMatchObject({
      isAnonymous: true,
      seller: { id: seller.id, nickname: 'Hidden hand' },
      status: 'available',
      reviewStatus: 'pending',
      orderCount: 0,
    });
    expect(all.items.map((item) => item.id)).toEqual(expect.arrayContaining([anonymous, down, approved]));
    // newest first
    expect(all.items.slice(0, 3).map((item) => item.id)).toEqual([approved, down, anonymous]);

    const unavailable = await admin.api.admin.listings.list({ status: 'unavailable' });
    expect(unavailable.items.map((item) => item.id)).toContain(down);
    expect(unavailable.items.every((item) => item.status === 'unavailable')).toBe(true);
    const rejected = await admin.api.admin.listings.list({ reviewStatus: 'rejected' });
    expect(rejected.items.every((item) => item.reviewStatus === 'rejected')).toBe(true);
    expect(rejected.items.map((item) => item.id)).toContain(down);

    // the search takes % literally
    const searched = await admin.api.admin.listings.list({ search: '100%' });
    expect(searched).toEqual({ total: 1, items: [expect.objectContaining({ id: anonymous })] });
    expect((await admin.api.admin.listings.list({ search: '1%0' })).total).toBe(0);

    // paging: total counts every match, the page holds pageSize rows
    const first = await admin.api.admin.listings.list({ page: 1, pageSize: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.total).toBe(all.total);
    const second = await admin.api.admin.listings.list({ page: 2, pageSize: 2 });
    expect(second.items[0]?.id).not.toBe(first.items[0]?.id);
  });
});

describe('admin.listings.list sort', () => {
  test('by price either way, or by date (newest first by default)', async ({ db, admin, member }) => {
    const seller = await member();
    const tag = `sort-${Date.now().toString(36)}`;
    const cheap = await insertListing(db.db, seller.id, { title: `cheap ${tag}`, priceCents: 1_000 });
    const dear = await insertListing(db.db, seller.id, { title: `dear ${tag}`, priceCents: 9_000 });
    const middle = await insertListing(db.db, seller.id, { title: `middle ${tag}`, priceCents: 4_000 });
    for (const [id, day] of [
      [cheap, '2026-02-01T10:00:00Z'],
      [dear, '2026-02-03T10:00:00Z'],
      [middle, '2026-02-02T10:00:00Z'],
    ] as const) {
      await db.db
        .updateTable('listings')
        .set({ created_at: new Date(day) })
        .where('id', '=', id)
        .execute();
    }
    const ids = async (input: Omit<Parameters<typeof admin.api.admin.listings.list>[0], 'search'>) =>
      (await admin.api.admin.listings.list({ search: tag, ...input })).items.map((item) => item.id);

    expect(await ids({ sort: 'price', direction: 'desc' })).toEqual([dear, middle, cheap]);
    expect(await ids({ sort: 'price', direction: 'asc' })).toEqual([cheap, middle, dear]);
    expect(await ids({})).toEqual([dear, middle, cheap]);
    expect(await ids({ sort: 'createdAt', direction: 'asc' })).toEqual([cheap, middle, dear]);
  });
});

describe('admin.listings moderation', () => {
  test('approve: review status approved, still on sale, audited; a second approve changes nothing', async ({ db, services, admin, member }) => {
    const seller = await member();
    const listingId = await insertListing(db.db, seller.id);
    expect(await feedListingIds(services)).toContain(listingId);

    expect(await admin.api.admin.listings.approve({ listingId })).toEqual({ listingId, status: 'available', reviewStatus: 'approved' });
    expect(await listingRow(db.db, listingId)).toMatchObject({ review_status: 'approved', status: 'available' });
    expect(await feedListingIds(services)).toContain(listingId);
    // the seller sees the review result on their listing
    expect((await seller.api.marketplace.listings.get({ id: listingId })).reviewStatus).toBe('approved');
    const [entry, ...more] = await auditOf(db, listingId);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      admin_id: admin.id,
      action: 'listing.approve',
      before: { status: 'available', review_status: 'pending', seller_id: seller.id },
      after: { status: 'available', review_status: 'approved' },
      reason: null,
    });

    await expectAppError(admin.api.admin.listings.approve({ listingId }), 'REQUEST_ALREADY_PROCESSED');
    expect(await auditOf(db, listingId)).toHaveLength(1);
  });

  test('reject: rejected and unavailable, gone from the feed, the detail page and the checkout; reason audited', async ({ db, services, admin, member }) => {
    const seller = await member();
    const buyer = await member({ usdnCents: 10_000 });
    const listingId = await insertListing(db.db, seller.id);

    expect(await admin.api.admin.listings.reject({ listingId, reason: '  Counterfeit  ' })).toEqual({
      listingId,
      status: 'unavailable',
      reviewStatus: 'rejected',
    });
    expect(await feedListingIds(services)).not.toContain(listingId);
    await expectAppError((await callerFor(services)).marketplace.listings.get({ id: listingId }), 'LISTING_NOT_FOUND');
    // checkout treats a listing off sale as not there
    await expectAppError(buyer.api.orders.purchase({ listingId, quantity: 1, idempotencyKey: key() }), 'LISTING_NOT_FOUND');
    expect(await db.db.selectFrom('orders').select('id').where('listing_id', '=', listingId).execute()).toHaveLength(0);
    expect(await auditOf(db, listingId)).toEqual([
      expect.objectContaining({
        action: 'listing.reject',
        before: expect.objectContaining({ status: 'available', review_status: 'pending' }) as unknown,
        after: { status: 'unavailable', review_status: 'rejected' },
        reason: 'Counterfeit',
      }),
    ]);

    await expectAppError(admin.api.admin.listings.reject({ listingId, reason: 'Counterfeit' }), 'REQUEST_ALREADY_PROCESSED');
    expect(await auditOf(db, listingId)).toHaveLength(1);
  });

  test('reject keeps a sold listing sold (the sale happened)', async ({ db, admin, member }) => {
    const seller = await member();
    const listingId = await insertListing(db.db, seller.id, { status: 'sold' });
    expect(await admin.api.admin.listings.reject({ listingId, reason: 'Counterfeit' })).toMatchObject({ status: 'sold', reviewStatus: 'rejected' });
  });

  test('take down: unavailable and gone from the feed; again → REQUEST_ALREADY_PROCESSED; a sold listing → LISTING_NOT_AVAILABLE', async ({
    db,
    services,
    admin,
    member,
  }) => {
    const seller = await member();
    const listingId = await insertListing(db.db, seller.id, { reviewStatus: 'approved' });
    expect(await admin.api.admin.listings.takeDown({ listingId, reason: 'Reported twice' })).toEqual({
      listingId,
      status: 'unavailable',
      reviewStatus: 'approved',
    });
    expect(await feedListingIds(services)).not.toContain(listingId);
    // the owner still sees it (to edit or delete), the public does not
    expect((await seller.api.marketplace.listings.get({ id: listingId })).status).toBe('unavailable');
    await expectAppError((await callerFor(services)).marketplace.listings.get({ id: listingId }), 'LISTING_NOT_FOUND');
    expect((await auditOf(db, listingId)).map((e) => [e.action, e.reason])).toEqual([['listing.take_down', 'Reported twice']]);

    await expectAppError(admin.api.admin.listings.takeDown({ listingId, reason: 'Reported twice' }), 'REQUEST_ALREADY_PROCESSED');
    expect(await auditOf(db, listingId)).toHaveLength(1);

    const sold = await insertListing(db.db, seller.id, { status: 'sold' });
    await expectAppError(admin.api.admin.listings.takeDown({ listingId: sold, reason: 'Reported' }), 'LISTING_NOT_AVAILABLE');
    expect(await listingRow(db.db, sold)).toMatchObject({ status: 'sold' });
    expect(await auditOf(db, sold)).toHaveLength(0);
  });

  test('the seller is told why: reject and take down notify them with the reason and a link; approve sends nothing', async ({ db, admin, member }) => {
    const seller = await member();
    const pending = await insertListing(db.db, seller.id, { title: 'Pending pocket watch' });
    const live = await insertListing(db.db, seller.id, { title: 'Live brass sextant', reviewStatus: 'approved' });
    const fine = await insertListing(db.db, seller.id, { title: 'Fine inkwell' });

    await admin.api.admin.listings.approve({ listingId: fine });
    await admin.api.admin.listings.reject({ listingId: pending, reason: '  Photos are stock images  ' });
    await admin.api.admin.listings.takeDown({ listingId: live, reason: 'Reported as counterfeit' });

    const { items } = await seller.api.notifications.list();
    expect(items.map((n) => ({ type: n.type, params: n.params, link: n.link }))).toEqual([
      { type: 'listing_taken_down', params: { title: 'Live brass sextant', reason: 'Reported as counterfeit' }, link: `/listing/${live}` },
      { type: 'listing_rejected', params: { title: 'Pending pocket watch', reason: 'Photos are stock images' }, link: `/listing/${pending}` },
    ]);
  });

  test('reject and take down without a reason → REASON_REQUIRED: nothing changes, nothing logged or sent', async ({ db, admin, member }) => {
    const seller = await member();
    const listingId = await insertListing(db.db, seller.id);
    for (const reason of [undefined, '', '   ']) {
      await expectAppError(admin.api.admin.listings.reject({ listingId, reason: reason as string }), 'REASON_REQUIRED');
      await expectAppError(admin.api.admin.listings.takeDown({ listingId, reason: reason as string }), 'REASON_REQUIRED');
    }
    expect(await listingRow(db.db, listingId)).toMatchObject({ status: 'available', review_status: 'pending' });
    expect(await auditOf(db, listingId)).toHaveLength(0);
    expect((await seller.api.notifications.list()).items).toHaveLength(0);
  });

  test('an unknown listing → LISTING_NOT_FOUND, an overlong note → CONTENT_TOO_LONG; nothing written', async ({ db, admin, member }) => {
    const missing = '00000000-0000-4000-8000-00000000beef';
    for (const call of [
      admin.api.admin.listings.approve,
      admin.api.admin.listings.reject,
      admin.api.admin.listings.takeDown,
      admin.api.admin.listings.delete,
    ]) {
      await expectAppError(call({ listingId: missing, reason: 'Reported' }), 'LISTING_NOT_FOUND');
    }
    expect(await auditOf(db, missing)).toHaveLength(0);

    const seller = await member();
    const listingId = await insertListing(db.db, seller.id);
    await expectAppError(admin.api.admin.listings.reject({ listingId, reason: 'x'.repeat(501) }), 'CONTENT_TOO_LONG');
    expect(await listingRow(db.db, listingId)).toMatchObject({ status: 'available', review_status: 'pending' });
    expect(await auditOf(db, listingId)).toHaveLength(0);
  });
});

describe('admin.listings.delete', () => {
  test('the listing goes, its orders keep their snapshot, and only unreferenced image files leave storage', async ({ db, services, admin, member }) => {
    const storage = storageFor(services);
    const seller = await member({ nickname: 'Deleted seller' });
    const cover = await storedUpload(services, seller.id);
    const extra = await storedUpload(services, seller.id);
    const buyer = await member({ usdnCents: 5_000 });
    const listingId = await insertListing(db.db, seller.id, { title: 'Prohibited item', priceCents: 2_000, images: [cover, extra] });
    const { orderId } = await buyer.api.orders.purchase({ listingId, quantity: 1, idempotencyKey: key() });
    expect((await admin.api.admin.listings.list({ search: 'Prohibited item' })).items[0]?.orderCount).toBe(1);

    expect(await admin.api.admin.listings.delete({ listingId, note: 'Weapons are not allowed' })).toEqual({ listingId, deleted: true });
    expect(await db.db.selectFrom('listings').select('id').where('id', '=', listingId).executeTakeFirst()).toBeUndefined();

    // order history survives: the order keeps its title, total and cover, only the link is gone
    expect(await orderRow(db.db, orderId)).toMatchObject({ listing_id: null, title: 'Prohibited item', total_cents: 2_000, image_key: cover, status: 'paid' });
    expect((await buyer.api.orders.get({ orderId })).title).toBe('Prohibited item');
    // the order's cover snapshot still points at the first image; the second was the listing's alone
    expect(await storage.exists(cover)).toBe(true);
    expect(await storage.exists(extra)).toBe(false);

    const [entry, ...more] = await auditOf(db, listingId);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      action: 'listing.delete',
      before: expect.objectContaining({ title: 'Prohibited item', seller_id: seller.id, images: [cover, extra] }) as unknown,
      after: null,
      reason: 'Weapons are not allowed',
    });

    // a second click finds nothing to delete and writes nothing
    await expectAppError(admin.api.admin.listings.delete({ listingId }), 'LISTING_NOT_FOUND');
    expect(await auditOf(db, listingId)).toHaveLength(1);
  });
});

describe.skipIf(!onRealPostgres())('admin.listings races (real PostgreSQL)', () => {
  test('two admins rejecting one listing at once reject it once, with one audit entry', async ({ db, services, admin, member }) => {
    const seller = await member();
    const listingId = await insertListing(db.db, seller.id);
    const second = await callerFor(services, (await insertTestUser(db.db, { admin: true })).id);
    const outcomes = await Promise.allSettled([admin.api, second].map((api) => api.admin.listings.reject({ listingId, reason: 'Counterfeit' })));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.flatMap((o) => (o.status === 'rejected' ? [appCodeOf(o.reason)] : []))).toEqual(['REQUEST_ALREADY_PROCESSED']);
    expect(await auditOf(db, listingId)).toHaveLength(1);
  });
});
