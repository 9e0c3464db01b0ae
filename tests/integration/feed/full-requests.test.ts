import type { TFeedItem } from '@curio/shared';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { callerFor, type TestServices } from '../../helpers/services.ts';
import { expectAppError } from '../../helpers/app-errors.ts';
import { requestInput } from '../buying-requests/support.ts';

type Member = { id: string; api: Awaited<ReturnType<typeof callerFor>> };

/** The request's card as a visitor's feed shows it, or undefined when it is not in the feed. */
async function feedCard(services: TestServices, requestId: string) {
  const page = await (await callerFor(services)).marketplace.feed.page({ type: 'buyingRequest', limit: 50 });
  const item = page.items.find(
    (entry): entry is Extract<TFeedItem, { kind: 'buyingRequest' }> => entry.kind === 'buyingRequest' && entry.request.id === requestId,
  );
  return item?.request;
}

/** A request taking two offers, and both of them made. */
async function fullRequest(member: (options?: { nickname?: string; usdnCents?: number }) => Promise<Member>) {
  const requester = await member({ usdnCents: 1_000_00 });
  const { id } = await requester.api.marketplace.buyingRequests.create(requestInput({ title: 'Wanted: a brass sextant', maxOffersAllowed: 2 }));
  const first = await member();
  const second = await member();
  const offer = await first.api.marketplace.offers.create({ requestId: id, priceCents: 200_00 });
  await second.api.marketplace.offers.create({ requestId: id, priceCents: 300_00 });
  return { requester, requestId: id, offerId: offer.id };
}

describe('a buying request whose offers are full (rule F-2, ADR 0035)', () => {
  test('stays in the feed with its progress at the maximum, and a new offer is still OFFERS_FULL', async ({ db, services, member }) => {
    const { requestId } = await fullRequest(member);
    const stored = await db.db.selectFrom('buying_requests').select(['status', 'active_offers_count']).where('id', '=', requestId).executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'offer_limit_reached', active_offers_count: 2 });

    expect(await feedCard(services, requestId)).toMatchObject({ title: 'Wanted: a brass sextant', activeOffersCount: 2, maxOffersAllowed: 2 });
    // searched and sorted pages hold it too
    const searched = await (await callerFor(services)).marketplace.feed.page({ q: 'sextant', sort: 'hot' });
    expect(searched.items.map((item) => (item.kind === 'buyingRequest' ? item.request.id : item.listing.id))).toEqual([requestId]);

    const late = await member();
    await expectAppError(late.api.marketplace.offers.create({ requestId, priceCents: 250_00 }), 'OFFERS_FULL');
    expect(await feedCard(services, requestId)).toMatchObject({ activeOffersCount: 2, maxOffersAllowed: 2 });
  });

  test('leaves the feed when its owner closes it', async ({ services, member }) => {
    const { requester, requestId } = await fullRequest(member);
    await requester.api.marketplace.buyingRequests.close({ id: requestId });
    expect(await feedCard(services, requestId)).toBeUndefined();
  });

  test('leaves the feed when a deal is made', async ({ services, member }) => {
    const { requester, requestId, offerId } = await fullRequest(member);
    await requester.api.marketplace.offers.accept({ offerId });
    expect(await feedCard(services, requestId)).toBeUndefined();
  });

  test('leaves the feed when it expires, before the sweeper records it', async ({ services, member }) => {
    const { requestId } = await fullRequest(member);
    services.clock.advance(31 * 86_400_000);
    expect(await feedCard(services, requestId)).toBeUndefined();
  });
});
