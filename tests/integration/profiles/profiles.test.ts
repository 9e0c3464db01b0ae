import { DEFAULT_ACTIVITY_PRIVACY } from '@curio/shared';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { callerFor } from '../../helpers/services.ts';
import { insertTestBuyingRequest, insertTestListing } from '../social/fixtures.ts';
import { recordActivity } from '../../../server/src/domain/activities/record-activity.ts';
import { runInTransaction } from '../../../server/src/db/transaction.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

describe('marketplace.profiles.get', () => {
  test('own profile: e-mail, stats row, credit score, attendance, sold count, dates', async ({ db, member }) => {
    const owner = await member({ nickname: 'curator' });
    const fanA = await member();
    const fanB = await member();
    const followed = await member();
    await insertTestListing(db.db, owner.id);
    await insertTestListing(db.db, owner.id, { isAnonymous: true });
    await insertTestListing(db.db, owner.id, { status: 'unavailable' });
    await insertTestBuyingRequest(db.db, owner.id);
    await fanA.api.marketplace.social.toggleFollow({ userId: owner.id });
    await fanB.api.marketplace.social.toggleFollow({ userId: owner.id });
    const self = owner.api;
    await self.marketplace.social.toggleFollow({ userId: followed.id });
    await db.db.updateTable('profiles').set({ credit_score: 87, attendance_rate: 0.75, sold_count: 4 }).where('user_id', '=', owner.id).execute();

    const profile = await self.marketplace.profiles.get();
    expect(profile).toMatchObject({
      isOwn: true,
      userId: owner.id,
      email: owner.user.email,
      nickname: 'curator',
      avatarUrl: null,
      creditScore: 87,
      attendanceRate: 0.75,
      soldCount: 4,
      stats: { listingsCount: 3, buyingRequestsCount: 1, followersCount: 2, followingCount: 1 },
    });
    expect(profile.registeredAt).toBeInstanceOf(Date);
    // asking for one's own id is the own view too
    expect(await self.marketplace.profiles.get({ userId: owner.id })).toMatchObject({ isOwn: true, email: owner.user.email });
  });

  test('defaults: credit score 100, attendance rate 1, nothing sold', async ({ member }) => {
    const profile = await (await member()).api.marketplace.profiles.get();
    expect(profile).toMatchObject({ creditScore: 100, attendanceRate: 1, soldCount: 0 });
  });

  test('another user: public fields only, whether the viewer follows them, the listings they can open', async ({ db, member }) => {
    const owner = await member({ nickname: 'maker' });
    const viewer = await member();
    await insertTestListing(db.db, owner.id);
    await insertTestListing(db.db, owner.id, { status: 'sold' });
    await insertTestListing(db.db, owner.id, { isAnonymous: true });
    await insertTestListing(db.db, owner.id, { status: 'unavailable' });
    const rejected = await insertTestListing(db.db, owner.id);
    await db.db.updateTable('listings').set({ review_status: 'rejected' }).where('id', '=', rejected).execute();
    const caller = viewer.api;

    const before = await caller.marketplace.profiles.get({ userId: owner.id });
    // the same listings their listings tab shows: on sale or sold, not rejected, not anonymous
    expect(before).toMatchObject({ isOwn: false, nickname: 'maker', isFollowing: false, stats: { listingsCount: 2, followersCount: 0 } });
    const tab = await caller.marketplace.listings.bySeller({ userId: owner.id });
    expect(tab.items.map((card) => card.status).sort()).toEqual(['available', 'sold']);
    expect(before).not.toHaveProperty('email');

    await caller.marketplace.social.toggleFollow({ userId: owner.id });
    expect(await caller.marketplace.profiles.get({ userId: owner.id })).toMatchObject({
      isFollowing: true,
      stats: { followersCount: 1 },
    });
  });

  test('visitors may view a named profile; without one they must sign in', async ({ services, member }) => {
    const owner = await member();
    const visitor = await callerFor(services);
    const profile = await visitor.marketplace.profiles.get({ userId: owner.id });
    expect(profile).toMatchObject({ isOwn: false, isFollowing: false });
    expect(profile).not.toHaveProperty('email');
    await expectAppError(visitor.marketplace.profiles.get(), 'LOGIN_REQUIRED');
  });

  test('an unknown user is USER_NOT_FOUND', async ({ services }) => {
    const visitor = await callerFor(services);
    const { error } = await expectAppError(visitor.marketplace.profiles.get({ userId: MISSING_ID }), 'USER_NOT_FOUND');
    expect(error.code).toBe('NOT_FOUND');
    await expectAppError(visitor.marketplace.profiles.get({ userId: 'nobody' }), 'VALIDATION_FAILED');
  });

  test('reading profiles keeps the viewer’s last_active_at fresh, at most once per 5 minutes', async ({ db, services, member }) => {
    const viewer = await member();
    const other = await member();
    const stale = new Date(services.clock.now().getTime() - 3 * 24 * 3600_000);
    await db.db.updateTable('profiles').set({ last_active_at: stale }).where('user_id', 'in', [viewer.id, other.id]).execute();
    const caller = viewer.api;

    await caller.marketplace.profiles.get({ userId: other.id });
    const touchedAt = services.clock.now();
    expect((await caller.marketplace.profiles.get()).lastActiveAt).toEqual(touchedAt);
    // the viewed user is not touched by being viewed
    expect((await caller.marketplace.profiles.get({ userId: other.id })).lastActiveAt).toEqual(stale);

    services.clock.advance(60_000);
    await caller.marketplace.profiles.get();
    expect((await caller.marketplace.profiles.get()).lastActiveAt).toEqual(touchedAt);

    services.clock.advance(5 * 60_000);
    expect((await caller.marketplace.profiles.get()).lastActiveAt).toEqual(services.clock.now());
  });
});

describe('marketplace.profiles.privacy / updatePrivacy', () => {
  test('the eight flags start at the spec defaults', async ({ member }) => {
    expect(await (await member()).api.marketplace.profiles.privacy()).toEqual({
      publish_listing: true,
      publish_buying_request: true,
      order_complete: true,
      review: true,
      like_listing: false,
      like_buying_request: false,
      favorite_listing: false,
      favorite_buying_request: false,
    });
  });

  test('an update changes only the flags given and returns all eight', async ({ member }) => {
    const { api: caller } = await member();
    const saved = await caller.marketplace.profiles.updatePrivacy({ flags: { publish_listing: false, favorite_listing: true } });
    expect(saved).toEqual({ ...DEFAULT_ACTIVITY_PRIVACY, publish_listing: false, favorite_listing: true });
    expect(await caller.marketplace.profiles.updatePrivacy({ flags: { review: false } })).toEqual({
      ...DEFAULT_ACTIVITY_PRIVACY,
      publish_listing: false,
      favorite_listing: true,
      review: false,
    });
    expect(await caller.marketplace.profiles.privacy()).toEqual({
      ...DEFAULT_ACTIVITY_PRIVACY,
      publish_listing: false,
      favorite_listing: true,
      review: false,
    });
  });

  test('a flag that is not a boolean is VALIDATION_FAILED and changes nothing; unknown flags are ignored', async ({ db, member }) => {
    const { id, api: caller } = await member();
    await expectAppError(caller.marketplace.profiles.updatePrivacy({ flags: { like_listing: 'yes' as unknown as boolean } }), 'VALIDATION_FAILED');
    await caller.marketplace.profiles.updatePrivacy({ flags: { surprise: true } as never });
    const stored = await db.db.selectFrom('profiles').select('activity_privacy').where('user_id', '=', id).executeTakeFirstOrThrow();
    expect(stored.activity_privacy).toEqual(DEFAULT_ACTIVITY_PRIVACY);
  });

  test('visitors get LOGIN_REQUIRED', async ({ services }) => {
    const visitor = await callerFor(services);
    await expectAppError(visitor.marketplace.profiles.privacy(), 'LOGIN_REQUIRED');
    await expectAppError(visitor.marketplace.profiles.updatePrivacy({ flags: { review: false } }), 'LOGIN_REQUIRED');
  });
});

describe('recordActivity and marketplace.profiles.activities', () => {
  test('visibility is each type’s flag at the time; past activities keep theirs when flags change', async ({ db, services, member }) => {
    const owner = await member();
    const caller = owner.api;
    const listingId = await insertTestListing(db.db, owner.id, { title: 'Fossil' });

    const published = await runInTransaction(db.db, (trx) =>
      recordActivity(trx, {
        userId: owner.id,
        type: 'publish_listing',
        relatedId: listingId,
        data: { title: 'Fossil', image: 'listing/2026/11/0b8c3d2e-8f1a-4c55-9a51-3c3f0f3e2a10.webp', price: 5_00, category: 'goods' },
      }),
    );
    expect(published.isVisible).toBe(true);
    const liked = await recordActivity(db.db, { userId: owner.id, type: 'like_listing', relatedId: listingId, data: { title: 'Fossil' } });
    expect(liked.isVisible).toBe(false);

    await caller.marketplace.profiles.updatePrivacy({ flags: { publish_listing: false, like_listing: true } });
    const laterPublish = await recordActivity(db.db, { userId: owner.id, type: 'publish_listing', relatedId: listingId, data: { title: 'Later' } });
    const laterLike = await recordActivity(db.db, { userId: owner.id, type: 'like_listing', relatedId: listingId, data: { title: 'Later' } });
    expect([laterPublish.isVisible, laterLike.isVisible]).toEqual([false, true]);

    const own = await caller.marketplace.profiles.activities();
    expect(new Map(own.items.map((item) => [item.id, item.isVisible]))).toEqual(
      new Map([
        [laterLike.id, true],
        [laterPublish.id, false],
        [liked.id, false],
        [published.id, true],
      ]),
    );
    expect(own.items.find((item) => item.id === published.id)).toMatchObject({
      type: 'publish_listing',
      relatedId: listingId,
      data: { title: 'Fossil', image: '/uploads/listing/2026/11/0b8c3d2e-8f1a-4c55-9a51-3c3f0f3e2a10.webp', price: 5_00, category: 'goods' },
    });

    const viewer = (await member()).api;
    const seen = await viewer.marketplace.profiles.activities({ userId: owner.id });
    expect(seen.items.map((item) => item.id).sort()).toEqual([laterLike.id, published.id].sort());
    expect(seen.items.every((item) => item.isVisible)).toBe(true);
    const visitorSees = await (await callerFor(services)).marketplace.profiles.activities({ userId: owner.id });
    expect(visitorSees.items.map((item) => item.id).sort()).toEqual([laterLike.id, published.id].sort());
  });

  test('order_complete and review activities follow their own flags', async ({ db, member }) => {
    const { id, api: caller } = await member();
    await caller.marketplace.profiles.updatePrivacy({ flags: { order_complete: false } });
    const order = await recordActivity(db.db, {
      userId: id,
      type: 'order_complete',
      relatedId: null,
      data: { listing_title: 'Fossil', amount: 5_00, role: 'buyer' },
    });
    const review = await recordActivity(db.db, { userId: id, type: 'review', relatedId: null, data: { listing_title: 'Fossil' } });
    const publishRequest = await recordActivity(db.db, {
      userId: id,
      type: 'publish_buying_request',
      relatedId: null,
      data: { title: 'Wanted', budget_min: 1_00, budget_max: null, category: null },
    });
    expect([order.isVisible, review.isVisible, publishRequest.isVisible]).toEqual([false, true, true]);
  });

  test('pages newest first with a cursor, no repeats or gaps even across equal times; limit 20 by default, at most 50', async ({ db, services, member }) => {
    const { id: userId, api: caller } = await member();
    const base = services.clock.now().getTime();
    const expected: { id: string; at: number }[] = [];
    for (let i = 0; i < 25; i++) {
      const { id } = await recordActivity(db.db, { userId, type: 'publish_listing', relatedId: null, data: { title: `#${i}` } });
      // pairs share a timestamp, so the id must break ties for the cursor to be exact
      const at = base + Math.floor(i / 2) * 1000;
      await db.db
        .updateTable('user_activities')
        .set({ created_at: new Date(at) })
        .where('id', '=', id)
        .execute();
      expected.push({ id, at });
    }
    expected.sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1));
    expect((await caller.marketplace.profiles.activities()).items).toHaveLength(20);

    const seen: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await caller.marketplace.profiles.activities({ limit: 7, cursor });
      seen.push(...page.items.map((item) => item.id));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(expected.map((item) => item.id));

    await expectAppError(caller.marketplace.profiles.activities({ limit: 51 }), 'VALIDATION_FAILED');
    await expectAppError(caller.marketplace.profiles.activities({ cursor: 'garbage' }), 'VALIDATION_FAILED');
  });

  test('an unknown user is USER_NOT_FOUND; a visitor must name a user', async ({ services }) => {
    const visitor = await callerFor(services);
    await expectAppError(visitor.marketplace.profiles.activities({ userId: MISSING_ID }), 'USER_NOT_FOUND');
    await expectAppError(visitor.marketplace.profiles.activities(), 'LOGIN_REQUIRED');
  });
});
