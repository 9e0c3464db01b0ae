import { describe, expect, test } from '../../helpers/fixtures.ts';
import { callerFor } from '../../helpers/services.ts';
import { onRealPostgres, NEEDS_POSTGRES } from '../../helpers/test-db.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { insertTestBuyingRequest, insertTestListing } from './fixtures.ts';

/**
 * The race test of rule S-13: 50 members toggle at the same moment, some twice (a
 * double click), on real PostgreSQL with a pool of 20 connections. Afterwards every counter
 * equals its rows, and each member's state is what the number of their toggles says.
 */
const MEMBERS = 50;

test.override('poolSize', 20);

let memberIds: string[] = [];

test.beforeAll(async ({ db }) => {
  memberIds = [];
  for (let i = 0; i < MEMBERS; i++) memberIds.push((await insertTestUser(db.db)).id);
});

if (!onRealPostgres()) console.warn(`social concurrent toggles skipped: ${NEEDS_POSTGRES}`);

/** Every third member toggles twice, the others once: odd counts end active, even ones inactive. */
function togglesOf(index: number): number {
  return index % 3 === 0 ? 2 : 1;
}

async function raceToggles(call: (memberIndex: number) => Promise<{ active: boolean; count: number }>): Promise<number> {
  const callers = memberIds.map((_, index) => index);
  const results = await Promise.all(callers.flatMap((index) => Array.from({ length: togglesOf(index) }, () => call(index))));
  for (const result of results) expect(result.count).toBeGreaterThanOrEqual(0);
  return callers.filter((index) => togglesOf(index) % 2 === 1).length;
}

describe('concurrent toggles', () => {
  test.skipIf(!onRealPostgres())('50 members liking one listing at once: likes_count equals listing_likes rows', async ({ db, services }) => {
    const seller = await insertTestUser(db.db);
    const listingId = await insertTestListing(db.db, seller.id);
    const callers = await Promise.all(memberIds.map((id) => callerFor(services, id)));
    const active = await raceToggles((index) => callers[index]!.marketplace.social.toggleLike({ kind: 'listing', id: listingId }));

    const rows = await db.db.selectFrom('listing_likes').select('user_id').where('listing_id', '=', listingId).execute();
    const listing = await db.db.selectFrom('listings').select('likes_count').where('id', '=', listingId).executeTakeFirstOrThrow();
    expect(rows).toHaveLength(active);
    expect(listing.likes_count).toBe(rows.length);
    // one activity per standing like, none left behind by a like that was taken back
    const activities = await db.db
      .selectFrom('user_activities')
      .select('user_id')
      .where('related_id', '=', listingId)
      .where('activity_type', '=', 'like_listing')
      .execute();
    expect(activities.map((row) => row.user_id).sort()).toEqual(rows.map((row) => row.user_id).sort());
  });

  test.skipIf(!onRealPostgres())('50 members favouriting one listing and one buying request at once', async ({ db, services }) => {
    const seller = await insertTestUser(db.db);
    const listingId = await insertTestListing(db.db, seller.id);
    const requestId = await insertTestBuyingRequest(db.db, seller.id);
    const callers = await Promise.all(memberIds.map((id) => callerFor(services, id)));
    const [onListing, onRequest] = await Promise.all([
      raceToggles((index) => callers[index]!.marketplace.social.toggleFavorite({ kind: 'listing', id: listingId })),
      raceToggles((index) => callers[index]!.marketplace.social.toggleFavorite({ kind: 'buyingRequest', id: requestId })),
      raceToggles((index) => callers[index]!.marketplace.social.toggleLike({ kind: 'buyingRequest', id: requestId })),
    ]);

    const favoriteRows = await db.db.selectFrom('user_favorites').select('user_id').where('listing_id', '=', listingId).execute();
    const listing = await db.db.selectFrom('listings').select('favorites_count').where('id', '=', listingId).executeTakeFirstOrThrow();
    expect(favoriteRows).toHaveLength(onListing);
    expect(listing.favorites_count).toBe(favoriteRows.length);

    const requestFavorites = await db.db.selectFrom('buying_request_favorites').select('user_id').where('request_id', '=', requestId).execute();
    const requestLikes = await db.db.selectFrom('buying_request_likes').select('user_id').where('request_id', '=', requestId).execute();
    const request = await db.db.selectFrom('buying_requests').select(['favorites_count', 'likes_count']).where('id', '=', requestId).executeTakeFirstOrThrow();
    expect(requestFavorites).toHaveLength(onRequest);
    expect(request.favorites_count).toBe(requestFavorites.length);
    expect(request.likes_count).toBe(requestLikes.length);
  });

  test.skipIf(!onRealPostgres())('50 members following one user at once: the follower count equals the rows', async ({ db, services }) => {
    const star = await insertTestUser(db.db);
    const callers = await Promise.all(memberIds.map((id) => callerFor(services, id)));
    const active = await raceToggles((index) => callers[index]!.marketplace.social.toggleFollow({ userId: star.id }));

    const rows = await db.db.selectFrom('user_follows').select('follower_id').where('following_id', '=', star.id).execute();
    expect(rows).toHaveLength(active);
    const profile = await (await callerFor(services, star.id)).marketplace.profiles.get();
    expect(profile.stats.followersCount).toBe(rows.length);
  });
});
