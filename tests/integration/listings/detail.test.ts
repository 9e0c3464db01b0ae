import { describe, expect, test } from '../../helpers/fixtures.ts';
import { member } from '../../helpers/world.ts';
import { callerFor, type TestServices } from '../../helpers/services.ts';
import { fundPoints, listingInput } from './support.ts';

import { storedUpload } from '../../helpers/uploads.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

async function seller(services: TestServices, nickname?: string) {
  const { user, api } = await member(services, nickname ? { nickname } : {});
  await fundPoints(services, user.id, 20);
  return { user, caller: api };
}

describe('marketplace.listings.get', () => {
  test('a visitor sees the public detail with the seller card and no private fields', async ({ services }) => {
    const { user, caller } = await seller(services, 'Maker');
    const image = await storedUpload(services, user.id);
    const { id } = await caller.marketplace.listings.create(listingInput({ images: [image], tags: ['ink'], originalPriceCents: 3000, warrantyDays: 7 }));
    const visitor = await callerFor(services);
    const detail = await visitor.marketplace.listings.get({ id });
    expect(detail).toMatchObject({
      id,
      title: 'Hand-bound notebook',
      category: 'goods',
      unit: 'piece',
      quantity: 3,
      priceCents: 2500,
      originalPriceCents: 3000,
      warrantyDays: 7,
      tags: ['#ink'],
      images: [{ key: image, url: `/uploads/${image}` }],
      status: 'available',
      reviewStatus: null,
      isAnonymous: false,
      viewCount: 0,
      seller: { id: user.id, nickname: 'Maker', avatarUrl: null, creditScore: 100, soldCount: 0 },
      viewer: { isOwner: false, liked: false, favorited: false, followingSeller: false },
    });
    expect(detail).not.toHaveProperty('buyerId');
    expect(detail.seller?.createdAt).toBeInstanceOf(Date);
  });

  test('the viewer state reflects likes, favourites and follows; the owner sees the review state', async ({ db, services, member }) => {
    const { user, caller } = await seller(services);
    const { id } = await caller.marketplace.listings.create(listingInput());
    const fan = await member();
    await db.db.insertInto('listing_likes').values({ user_id: fan.id, listing_id: id }).execute();
    await db.db.insertInto('user_favorites').values({ user_id: fan.id, listing_id: id }).execute();
    await db.db.insertInto('user_follows').values({ follower_id: fan.id, following_id: user.id }).execute();
    const fanView = await fan.api.marketplace.listings.get({ id });
    expect(fanView.viewer).toEqual({ isOwner: false, liked: true, favorited: true, followingSeller: true });
    const ownerView = await caller.marketplace.listings.get({ id });
    expect(ownerView.viewer.isOwner).toBe(true);
    expect(ownerView.reviewStatus).toBe('pending');
  });

  test('an anonymous listing hides the seller from everyone but its owner', async ({ services, member }) => {
    const { user, caller } = await seller(services);
    const { id } = await caller.marketplace.listings.create(listingInput({ isAnonymous: true }));
    const other = (await member()).api;
    for (const viewer of [await callerFor(services), other]) {
      const detail = await viewer.marketplace.listings.get({ id });
      expect(detail.seller).toBeNull();
      expect(detail.isAnonymous).toBe(true);
      expect(JSON.stringify(detail)).not.toContain(user.id);
    }
    expect((await caller.marketplace.listings.get({ id })).seller?.id).toBe(user.id);
  });

  test('a sold listing still shows, marked sold; a taken-down one only to its owner and admins', async ({ db, services, admin }) => {
    const { caller } = await seller(services);
    const sold = await caller.marketplace.listings.create(listingInput());
    const down = await caller.marketplace.listings.create(listingInput());
    await db.db.updateTable('listings').set({ status: 'sold', quantity: 0 }).where('id', '=', sold.id).execute();
    await db.db.updateTable('listings').set({ status: 'unavailable' }).where('id', '=', down.id).execute();
    const visitor = await callerFor(services);
    expect((await visitor.marketplace.listings.get(sold)).status).toBe('sold');
    await expectAppError(visitor.marketplace.listings.get(down), 'LISTING_NOT_FOUND');
    expect((await caller.marketplace.listings.get(down)).status).toBe('unavailable');
    expect((await admin.api.marketplace.listings.get(down)).status).toBe('unavailable');
  });

  test('an unknown id is LISTING_NOT_FOUND', async ({ services }) => {
    const visitor = await callerFor(services);
    await expectAppError(visitor.marketplace.listings.get({ id: '00000000-0000-4000-8000-000000000000' }), 'LISTING_NOT_FOUND');
  });
});

describe('marketplace.listings.recordView', () => {
  test('one view per member, one per visitor session key; the owner does not count', async ({ services, member }) => {
    const { caller } = await seller(services);
    const { id } = await caller.marketplace.listings.create(listingInput());
    const signedIn = (await member()).api;
    const visitor = await callerFor(services);

    expect(await signedIn.marketplace.listings.recordView({ id })).toEqual({ counted: true, viewCount: 1 });
    expect(await signedIn.marketplace.listings.recordView({ id, visitorKey: 'another-session-key-1' })).toEqual({ counted: false, viewCount: 1 });
    expect(await visitor.marketplace.listings.recordView({ id, visitorKey: 'visitor-session-aaaa' })).toEqual({ counted: true, viewCount: 2 });
    expect(await visitor.marketplace.listings.recordView({ id, visitorKey: 'visitor-session-aaaa' })).toEqual({ counted: false, viewCount: 2 });
    expect(await visitor.marketplace.listings.recordView({ id, visitorKey: 'visitor-session-bbbb' })).toEqual({ counted: true, viewCount: 3 });
    expect(await caller.marketplace.listings.recordView({ id })).toEqual({ counted: false, viewCount: 3 });
    expect((await visitor.marketplace.listings.get({ id })).viewCount).toBe(3);
  });

  test('views racing from one viewer still count once', async ({ db, services }) => {
    const { caller } = await seller(services);
    const { id } = await caller.marketplace.listings.create(listingInput());
    const visitor = await callerFor(services);
    await Promise.all(Array.from({ length: 5 }, () => visitor.marketplace.listings.recordView({ id, visitorKey: 'racing-session-key' })));
    const row = await db.db.selectFrom('listings').select('view_count').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.view_count).toBe(1);
  });

  test('a visitor without a session key is refused; an unknown listing is LISTING_NOT_FOUND', async ({ services }) => {
    const { caller } = await seller(services);
    const { id } = await caller.marketplace.listings.create(listingInput());
    const visitor = await callerFor(services);
    await expectAppError(visitor.marketplace.listings.recordView({ id }), 'VALIDATION_FAILED');
    await expectAppError(
      visitor.marketplace.listings.recordView({ id: '00000000-0000-4000-8000-000000000000', visitorKey: 'visitor-session-cccc' }),
      'LISTING_NOT_FOUND',
    );
  });
});

describe('marketplace.listings.report', () => {
  test('is stored as a complaint with no order, against the seller', async ({ db, services, member }) => {
    const { user, caller } = await seller(services);
    const { id } = await caller.marketplace.listings.create(listingInput());
    const reporter = await member();
    const { id: complaintId } = await reporter.api.marketplace.listings.report({
      id,
      reason: 'fraud',
      detail: '  Photos are from another shop  ',
    });
    const row = await db.db.selectFrom('complaints').selectAll().where('id', '=', complaintId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      reporter_id: reporter.id,
      order_id: null,
      listing_id: id,
      target_user_id: user.id,
      type: 'fraud',
      reason: 'Photos are from another shop',
      status: 'pending',
    });
  });

  test('the seller cannot report their own listing', async ({ services }) => {
    const { caller } = await seller(services);
    const { id } = await caller.marketplace.listings.create(listingInput());
    await expectAppError(caller.marketplace.listings.report({ id, reason: 'other', detail: 'x' }), 'CANNOT_REPORT_OWN');
  });

  test('a detail is required, the reason must be one of the list, visitors must sign in', async ({ db, services, member }) => {
    const { caller } = await seller(services);
    const { id } = await caller.marketplace.listings.create(listingInput());
    const reporter = (await member()).api;
    await expectAppError(reporter.marketplace.listings.report({ id, reason: 'fake', detail: '   ' }), 'REPORT_DETAIL_REQUIRED');
    await expectAppError(reporter.marketplace.listings.report({ id, reason: 'spam' as never, detail: 'x' }), 'VALIDATION_FAILED');
    await expectAppError((await callerFor(services)).marketplace.listings.report({ id, reason: 'fake', detail: 'x' }), 'LOGIN_REQUIRED');
    const stored = await db.db.selectFrom('complaints').select('id').where('listing_id', '=', id).execute();
    expect(stored).toEqual([]);
  });
});
