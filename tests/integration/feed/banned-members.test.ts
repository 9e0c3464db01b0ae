import type { TFeedItem, TFeedPageInput } from '@curio/shared';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { callerFor } from '../../helpers/services.ts';
import { banUser, liftBan } from '../../../server/src/domain/accounts/ban-user.ts';
import { insertListing, insertRequest, minutesBefore } from './fixtures.ts';

/**
 * Rule F-2: what a banned member published stays as it was (rule A-18) but the feed, its search
 * and "you may like" leave it out while the ban lasts, and show it again once the ban is lifted.
 */
const BASE = new Date('2026-11-21T07:00:00Z');
const idOf = (item: TFeedItem) => (item.kind === 'listing' ? item.listing.id : item.request.id);

describe('content of banned members (rule F-2)', () => {
  test('leaves the feed, its search, every sort and "you may like" while the ban lasts', async ({ db, services, member }) => {
    const banned = (await member({ nickname: '被封的卖家' })).id;
    const other = (await member({ nickname: '好卖家' })).id;
    const admin = (await member()).id;
    const bannedListing = await insertListing(db.db, { sellerId: banned, title: 'Banned brass sextant', createdAt: minutesBefore(BASE, 1) });
    const bannedRequest = await insertRequest(db.db, { userId: banned, title: 'Wanted brass sextant parts', createdAt: minutesBefore(BASE, 2) });
    const otherListing = await insertListing(db.db, { sellerId: other, title: 'Kept brass sextant', createdAt: minutesBefore(BASE, 3) });

    const visitor = await callerFor(services);
    const shown = async (input: TFeedPageInput = {}) => (await visitor.marketplace.feed.page({ limit: 50, ...input })).items.map(idOf);
    const recommended = async () => (await visitor.marketplace.listings.recommendations({ id: otherListing })).map((card) => card.id);

    expect(await shown()).toEqual([bannedListing, bannedRequest, otherListing]);
    expect(await recommended()).toEqual([bannedListing]);

    await banUser(db.db, services.events, { userId: banned, bannedBy: admin, reason: 'fraud' });
    expect(await shown()).toEqual([otherListing]);
    for (const sort of ['hot', 'likes', 'favorites'] as const) expect(await shown({ sort })).toEqual([otherListing]);
    expect(await shown({ type: 'buyingRequest' })).toEqual([]);
    expect(await shown({ q: 'sextant' })).toEqual([otherListing]);
    expect(await recommended()).toEqual([]);
    // left out, not removed: the listing and the request are as they were
    const listing = await db.db.selectFrom('listings').select('status').where('id', '=', bannedListing).executeTakeFirstOrThrow();
    expect(listing.status).toBe('available');
    const request = await db.db.selectFrom('buying_requests').select('status').where('id', '=', bannedRequest).executeTakeFirstOrThrow();
    expect(request.status).toBe('open');

    await liftBan(db.db, { userId: banned });
    expect(await shown()).toEqual([bannedListing, bannedRequest, otherListing]);
    expect(await shown({ q: 'sextant' })).toEqual([bannedListing, bannedRequest, otherListing]);
    expect(await recommended()).toEqual([bannedListing]);
  });

  test('a page cursor taken before a ban pages on without the banned member', async ({ db, services, member }) => {
    const banned = (await member()).id;
    const other = (await member()).id;
    const admin = (await member()).id;
    const kept: string[] = [];
    for (let n = 0; n < 4; n++) {
      await insertListing(db.db, { sellerId: banned, title: `Banned lamp ${n}`, createdAt: minutesBefore(BASE, 100 + 2 * n) });
      kept.push(await insertListing(db.db, { sellerId: other, title: `Kept lamp ${n}`, createdAt: minutesBefore(BASE, 101 + 2 * n) }));
    }
    const visitor = await callerFor(services);
    const query = { type: 'listing', q: 'lamp', limit: 2 } as const;
    const first = await visitor.marketplace.feed.page(query);
    expect(first.items).toHaveLength(2);
    await banUser(db.db, services.events, { userId: banned, bannedBy: admin, reason: 'spam' });
    const rest: string[] = [];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await visitor.marketplace.feed.page({ ...query, cursor });
      rest.push(...page.items.map(idOf));
      cursor = page.nextCursor;
    }
    expect(rest).toEqual(kept.slice(1));
  });
});
