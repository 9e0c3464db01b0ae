import { describe, expect, test } from '../../helpers/fixtures.ts';
import { callerFor } from '../../helpers/services.ts';
import { type TestDatabase } from '../../helpers/test-db.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { insertTestBuyingRequest, insertTestListing } from './fixtures.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

async function activitiesOf(db: TestDatabase, userId: string) {
  return db.db.selectFrom('user_activities').select(['activity_type', 'related_id', 'is_visible', 'activity_data']).where('user_id', '=', userId).execute();
}

describe.each([
  { relation: 'toggleLike', counter: 'likes_count', listingTable: 'listing_likes', requestTable: 'buying_request_likes' },
  { relation: 'toggleFavorite', counter: 'favorites_count', listingTable: 'user_favorites', requestTable: 'buying_request_favorites' },
] as const)('marketplace.social.$relation', ({ relation, counter, listingTable, requestTable }) => {
  test('on a listing: on, then off, with the count following the rows', async ({ db, services, member }) => {
    const seller = await insertTestUser(db.db);
    const fan = await member();
    const other = await insertTestUser(db.db);
    const listingId = await insertTestListing(db.db, seller.id);

    expect(await fan.api.marketplace.social[relation]({ kind: 'listing', id: listingId })).toEqual({ active: true, count: 1 });
    expect(await (await callerFor(services, other.id)).marketplace.social[relation]({ kind: 'listing', id: listingId })).toEqual({
      active: true,
      count: 2,
    });
    expect(await fan.api.marketplace.social[relation]({ kind: 'listing', id: listingId })).toEqual({ active: false, count: 1 });

    const listing = await db.db.selectFrom('listings').select(counter).where('id', '=', listingId).executeTakeFirstOrThrow();
    expect(listing[counter]).toBe(1);
    const rows = await db.db.selectFrom(listingTable).select('user_id').where('listing_id', '=', listingId).execute();
    expect(rows.map((row) => row.user_id)).toEqual([other.id]);
  });

  test('on a buying request: on, then off', async ({ db, member }) => {
    const owner = await insertTestUser(db.db);
    const fan = await member();
    const requestId = await insertTestBuyingRequest(db.db, owner.id);
    expect(await fan.api.marketplace.social[relation]({ kind: 'buyingRequest', id: requestId })).toEqual({ active: true, count: 1 });
    const rows = await db.db.selectFrom(requestTable).select('user_id').where('request_id', '=', requestId).execute();
    expect(rows).toHaveLength(1);
    expect(await fan.api.marketplace.social[relation]({ kind: 'buyingRequest', id: requestId })).toEqual({ active: false, count: 0 });
    const request = await db.db.selectFrom('buying_requests').select(counter).where('id', '=', requestId).executeTakeFirstOrThrow();
    expect(request[counter]).toBe(0);
  });

  test('a counter some other path left wrong is repaired, and never goes below 0', async ({ db, member }) => {
    const seller = await insertTestUser(db.db);
    const fan = await member();
    const listingId = await insertTestListing(db.db, seller.id);
    await fan.api.marketplace.social[relation]({ kind: 'listing', id: listingId });
    await db.db
      .updateTable('listings')
      .set({ [counter]: 0 })
      .where('id', '=', listingId)
      .execute();
    expect(await fan.api.marketplace.social[relation]({ kind: 'listing', id: listingId })).toEqual({ active: false, count: 0 });
    await db.db
      .updateTable('listings')
      .set({ [counter]: 7 })
      .where('id', '=', listingId)
      .execute();
    expect(await fan.api.marketplace.social[relation]({ kind: 'listing', id: listingId })).toEqual({ active: true, count: 1 });
  });

  test('unknown targets are LISTING_NOT_FOUND / BUYING_REQUEST_NOT_FOUND and write nothing', async ({ db, member }) => {
    const fan = await member();
    const listingMiss = await expectAppError(fan.api.marketplace.social[relation]({ kind: 'listing', id: MISSING_ID }), 'LISTING_NOT_FOUND');
    expect(listingMiss.error.code).toBe('NOT_FOUND');
    await expectAppError(fan.api.marketplace.social[relation]({ kind: 'buyingRequest', id: MISSING_ID }), 'BUYING_REQUEST_NOT_FOUND');
    expect(await activitiesOf(db, fan.id)).toEqual([]);
  });

  test('visitors are refused with LOGIN_REQUIRED', async ({ db, services }) => {
    const seller = await insertTestUser(db.db);
    const listingId = await insertTestListing(db.db, seller.id);
    const visitor = await callerFor(services);
    const { error } = await expectAppError(visitor.marketplace.social[relation]({ kind: 'listing', id: listingId }), 'LOGIN_REQUIRED');
    expect(error.code).toBe('UNAUTHORIZED');
  });

  test('a malformed id is VALIDATION_FAILED', async ({ member }) => {
    const fan = await member();
    await expectAppError(fan.api.marketplace.social[relation]({ kind: 'listing', id: 'not-a-uuid' }), 'VALIDATION_FAILED');
  });
});

describe('like and favourite activities', () => {
  test('are recorded hidden by default (flags off), with the item data, and removed on undo', async ({ db, member }) => {
    const seller = await insertTestUser(db.db);
    const fan = await member();
    const listingId = await insertTestListing(db.db, seller.id, { title: 'Antique compass', priceCents: 99_00 });
    const requestId = await insertTestBuyingRequest(db.db, seller.id, { title: 'Wanted: stamps' });
    await fan.api.marketplace.social.toggleLike({ kind: 'listing', id: listingId });
    await fan.api.marketplace.social.toggleFavorite({ kind: 'buyingRequest', id: requestId });

    const recorded = await activitiesOf(db, fan.id);
    expect(recorded).toHaveLength(2);
    expect(recorded).toContainEqual({
      activity_type: 'like_listing',
      related_id: listingId,
      is_visible: false,
      activity_data: {
        title: 'Antique compass',
        image: 'listing/2026/11/0b8c3d2e-8f1a-4c55-9a51-3c3f0f3e2a10.webp',
        price: 99_00,
        category: 'goods',
      },
    });
    expect(recorded).toContainEqual(expect.objectContaining({ activity_type: 'favorite_buying_request', related_id: requestId, is_visible: false }));

    await fan.api.marketplace.social.toggleLike({ kind: 'listing', id: listingId });
    expect((await activitiesOf(db, fan.id)).map((row) => row.activity_type)).toEqual(['favorite_buying_request']);
  });

  test('are visible when the user turned the flag on', async ({ db, member }) => {
    const seller = await insertTestUser(db.db);
    const fan = await member();
    const listingId = await insertTestListing(db.db, seller.id);
    await fan.api.marketplace.profiles.updatePrivacy({ flags: { like_listing: true } });
    await fan.api.marketplace.social.toggleLike({ kind: 'listing', id: listingId });
    await fan.api.marketplace.social.toggleFavorite({ kind: 'listing', id: listingId });
    const recorded = await activitiesOf(db, fan.id);
    expect(recorded.find((row) => row.activity_type === 'like_listing')?.is_visible).toBe(true);
    expect(recorded.find((row) => row.activity_type === 'favorite_listing')?.is_visible).toBe(false);
  });
});

describe('marketplace.social.toggleFollow', () => {
  test('follows, then unfollows; the count is the followed user’s followers', async ({ db, member }) => {
    const star = await insertTestUser(db.db);
    const a = await member();
    const b = await member();
    expect(await a.api.marketplace.social.toggleFollow({ userId: star.id })).toEqual({ active: true, count: 1 });
    expect(await b.api.marketplace.social.toggleFollow({ userId: star.id })).toEqual({ active: true, count: 2 });
    expect(await a.api.marketplace.social.toggleFollow({ userId: star.id })).toEqual({ active: false, count: 1 });
    expect(await a.api.marketplace.social.isFollowing({ userId: star.id })).toBe(false);
    expect(await b.api.marketplace.social.isFollowing({ userId: star.id })).toBe(true);
  });

  test('following oneself is CANNOT_FOLLOW_SELF and writes nothing', async ({ db, member }) => {
    const { id, api: caller } = await member();
    await expectAppError(caller.marketplace.social.toggleFollow({ userId: id }), 'CANNOT_FOLLOW_SELF');
    const rows = await db.db.selectFrom('user_follows').selectAll().where('follower_id', '=', id).execute();
    expect(rows).toEqual([]);
  });

  test('the database refuses a self-follow row too (CHECK user_follows_not_self)', async ({ db }) => {
    const member = await insertTestUser(db.db);
    await expect(db.db.insertInto('user_follows').values({ follower_id: member.id, following_id: member.id }).execute()).rejects.toThrow(
      /user_follows_not_self/,
    );
  });

  test('an unknown user is USER_NOT_FOUND; visitors get LOGIN_REQUIRED', async ({ services, member }) => {
    const { id, api: caller } = await member();
    await expectAppError(caller.marketplace.social.toggleFollow({ userId: MISSING_ID }), 'USER_NOT_FOUND');
    await expectAppError((await callerFor(services)).marketplace.social.toggleFollow({ userId: id }), 'LOGIN_REQUIRED');
  });
});

describe('marketplace.social reads', () => {
  test('myLikes, myFavorites and myFollowing list the caller’s own records, newest first', async ({ db, services, member }) => {
    const seller = await insertTestUser(db.db, { nickname: 'seller-one' });
    const fan = await member();
    const first = await insertTestListing(db.db, seller.id, { title: 'First' });
    const second = await insertTestListing(db.db, seller.id, { title: 'Second', isAnonymous: true });
    const requestId = await insertTestBuyingRequest(db.db, seller.id, { title: 'Wanted' });
    await fan.api.marketplace.social.toggleLike({ kind: 'listing', id: first });
    await fan.api.marketplace.social.toggleLike({ kind: 'listing', id: second });
    await fan.api.marketplace.social.toggleLike({ kind: 'buyingRequest', id: requestId });
    await fan.api.marketplace.social.toggleFavorite({ kind: 'listing', id: first });
    await fan.api.marketplace.social.toggleFollow({ userId: seller.id });

    const likes = await fan.api.marketplace.social.myLikes();
    expect(likes.listings.map((card) => card.title)).toEqual(['Second', 'First']);
    expect(likes.listings[0]).toMatchObject({ sellerNickname: null, likesCount: 1 });
    expect(likes.listings[1]).toMatchObject({ sellerNickname: 'seller-one', favoritesCount: 1 });
    expect(likes.buyingRequests.map((card) => card.title)).toEqual(['Wanted']);

    const favorites = await fan.api.marketplace.social.myFavorites();
    expect(favorites.listings.map((card) => card.id)).toEqual([first]);
    expect(favorites.buyingRequests).toEqual([]);

    const following = await fan.api.marketplace.social.myFollowing();
    expect(following.map(({ followedAt: _at, ...user }) => user)).toEqual([{ userId: seller.id, nickname: 'seller-one', avatarUrl: null }]);
    expect(following[0]?.followedAt).toBeInstanceOf(Date);

    // another member sees their own (empty) lists, never the first member's
    const stranger = (await member()).api;
    expect(await stranger.marketplace.social.myLikes()).toEqual({ listings: [], buyingRequests: [] });
    await expectAppError((await callerFor(services)).marketplace.social.myFollowing(), 'LOGIN_REQUIRED');
  });

  test('state tells a member whether they like and favourite an item; a visitor gets false', async ({ db, services, member }) => {
    const seller = await insertTestUser(db.db);
    const fan = await member();
    const listingId = await insertTestListing(db.db, seller.id);
    await fan.api.marketplace.social.toggleFavorite({ kind: 'listing', id: listingId });
    expect(await fan.api.marketplace.social.state({ kind: 'listing', id: listingId })).toEqual({
      liked: false,
      favorited: true,
      likesCount: 0,
      favoritesCount: 1,
    });
    expect(await (await callerFor(services)).marketplace.social.state({ kind: 'listing', id: listingId })).toMatchObject({
      liked: false,
      favorited: false,
    });
    await expectAppError(fan.api.marketplace.social.state({ kind: 'buyingRequest', id: MISSING_ID }), 'BUYING_REQUEST_NOT_FOUND');
  });
});
