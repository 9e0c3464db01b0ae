import { describe, expect, test } from '../../helpers/fixtures.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { insertTestBuyingRequest, insertTestListing } from './fixtures.ts';

/**
 * The favourites and likes tabs keep what their member saved, whatever happened to it since:
 * a sold listing shows as sold, a taken-down one as unavailable (ADR 0035), and a buying request
 * carries its status, so a closed one offers no make-offer action.
 */
describe.each([
  { list: 'myFavorites', toggle: 'toggleFavorite', counter: 'favoritesCount' },
  { list: 'myLikes', toggle: 'toggleLike', counter: 'likesCount' },
] as const)('marketplace.social.$list', ({ list, toggle, counter }) => {
  test('a sold listing can be saved and is listed as sold; saving it again takes it back', async ({ db, member }) => {
    const seller = await insertTestUser(db.db);
    const fan = await member();
    const sold = await insertTestListing(db.db, seller.id, { title: 'Sold compass', status: 'sold' });
    await db.db.updateTable('listings').set({ quantity: 0, sold_at: new Date() }).where('id', '=', sold).execute();

    expect(await fan.api.marketplace.social[toggle]({ kind: 'listing', id: sold })).toEqual({ active: true, count: 1 });
    const saved = await fan.api.marketplace.social[list]();
    expect(saved.listings).toHaveLength(1);
    expect(saved.listings[0]).toMatchObject({ id: sold, title: 'Sold compass', status: 'sold', soldOut: true, [counter]: 1 });
    expect(saved.listings[0]?.coverUrl).not.toBeNull();

    expect(await fan.api.marketplace.social[toggle]({ kind: 'listing', id: sold })).toEqual({ active: false, count: 0 });
    expect((await fan.api.marketplace.social[list]()).listings).toEqual([]);
  });

  test('a listing taken down after it was saved stays listed, marked unavailable and without its cover', async ({ db, member }) => {
    const seller = await insertTestUser(db.db);
    const fan = await member();
    const kept = await insertTestListing(db.db, seller.id, { title: 'Still on sale' });
    const takenDown = await insertTestListing(db.db, seller.id, { title: 'Taken down' });
    await fan.api.marketplace.social[toggle]({ kind: 'listing', id: takenDown });
    await fan.api.marketplace.social[toggle]({ kind: 'listing', id: kept });
    await db.db.updateTable('listings').set({ status: 'unavailable' }).where('id', '=', takenDown).execute();

    const saved = await fan.api.marketplace.social[list]();
    expect(saved.listings.map((card) => card.id)).toEqual([kept, takenDown]);
    expect(saved.listings[0]).toMatchObject({ status: 'available', soldOut: false });
    expect(saved.listings[0]?.coverUrl).not.toBeNull();
    expect(saved.listings[1]).toMatchObject({ title: 'Taken down', status: 'unavailable', soldOut: false, coverUrl: null });

    // it can still be taken back, and then it is gone from the list
    expect(await fan.api.marketplace.social[toggle]({ kind: 'listing', id: takenDown })).toEqual({ active: false, count: 0 });
    expect((await fan.api.marketplace.social[list]()).listings.map((card) => card.id)).toEqual([kept]);
  });

  test("the seller's own taken-down listing keeps its cover in their list", async ({ db, member }) => {
    const seller = await member();
    const own = await insertTestListing(db.db, seller.id, { title: 'My own' });
    await seller.api.marketplace.social[toggle]({ kind: 'listing', id: own });
    await db.db.updateTable('listings').set({ status: 'unavailable' }).where('id', '=', own).execute();
    const [card] = (await seller.api.marketplace.social[list]()).listings;
    expect(card).toMatchObject({ id: own, status: 'unavailable' });
    expect(card?.coverUrl).not.toBeNull();
  });

  test('a saved buying request carries the status its reader sees, so an ended one is shown as ended', async ({ db, member, clock }) => {
    const requester = await insertTestUser(db.db);
    const fan = await member();
    const closed = await insertTestBuyingRequest(db.db, requester.id, { title: 'Wanted: closed' });
    const pastItsTime = await insertTestBuyingRequest(db.db, requester.id, { title: 'Wanted: past its time' });
    const open = await insertTestBuyingRequest(db.db, requester.id, { title: 'Wanted: open' });
    for (const id of [closed, pastItsTime, open]) await fan.api.marketplace.social[toggle]({ kind: 'buyingRequest', id });
    await db.db.updateTable('buying_requests').set({ status: 'closed' }).where('id', '=', closed).execute();
    // the sweeper has not run yet: still 'open' in its row, expired to every reader
    await db.db
      .updateTable('buying_requests')
      .set({ expires_at: new Date(clock.now().getTime() - 60_000) })
      .where('id', '=', pastItsTime)
      .execute();

    const saved = await fan.api.marketplace.social[list]();
    expect(saved.buyingRequests.map((card) => [card.id, card.status])).toEqual([
      [open, 'open'],
      [pastItsTime, 'expired'],
      [closed, 'closed'],
    ]);
  });
});
