import { describe, expect, test } from '../../helpers/fixtures.ts';
import { member } from '../../helpers/world.ts';
import { callerFor, type TestServices } from '../../helpers/services.ts';
import { fundPoints, listingInput } from './support.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

async function seller(services: TestServices) {
  const { user, api } = await member(services);
  await fundPoints(services, user.id, 50);
  return { user, caller: api };
}

describe('marketplace.listings.recommendations', () => {
  test('same category, same seller or price within 70-130 %, available only, ranked by likes, favourites, purchases', async ({ db, services }) => {
    const { caller: a } = await seller(services);
    const { user: sellerB, caller: b } = await seller(services);
    const base = await a.marketplace.listings.create(listingInput({ category: 'goods', priceCents: 10_000 }));
    const sameCategory = await b.marketplace.listings.create(listingInput({ category: 'goods', priceCents: 50 }));
    const sameSeller = await a.marketplace.listings.create(listingInput({ category: 'service', priceCents: 50 }));
    const priceLow = await b.marketplace.listings.create(listingInput({ category: 'service', priceCents: 7_000 }));
    const priceHigh = await b.marketplace.listings.create(listingInput({ category: 'service', priceCents: 13_000 }));
    await b.marketplace.listings.create(listingInput({ category: 'service', priceCents: 6_999 }));
    await b.marketplace.listings.create(listingInput({ category: 'service', priceCents: 13_001 }));
    const sold = await b.marketplace.listings.create(listingInput({ category: 'goods', priceCents: 10_000 }));
    await db.db.updateTable('listings').set({ status: 'sold' }).where('id', '=', sold.id).execute();

    const rank = async (id: string, likes: number, favorites: number, purchases: number) =>
      db.db.updateTable('listings').set({ likes_count: likes, favorites_count: favorites, purchase_count: purchases }).where('id', '=', id).execute();
    await rank(sameCategory.id, 5, 0, 0);
    await rank(sameSeller.id, 1, 9, 0);
    await rank(priceLow.id, 1, 9, 3);
    await rank(priceHigh.id, 0, 0, 50);

    const visitor = await callerFor(services);
    const cards = await visitor.marketplace.listings.recommendations({ id: base.id });
    expect(cards.map((card) => card.id)).toEqual([sameCategory.id, priceLow.id, sameSeller.id, priceHigh.id]);
    expect(cards[0]).toMatchObject({
      title: 'Hand-bound notebook',
      priceCents: 50,
      status: 'available',
      sellerId: sellerB.id,
      soldOut: false,
      likesCount: 5,
    });
  });

  test('at most eight', async ({ services }) => {
    const { caller } = await seller(services);
    const base = await caller.marketplace.listings.create(listingInput({ category: 'service' }));
    for (let i = 0; i < 10; i++) {
      // a seller publishes at most ten a minute (ADR 0025)
      services.clock.advance(6_000);
      await caller.marketplace.listings.create(listingInput({ category: 'service' }));
    }
    expect(await caller.marketplace.listings.recommendations({ id: base.id })).toHaveLength(8);
  });

  test('an anonymous listing does not point at its seller through "same seller"', async ({ services }) => {
    const { caller } = await seller(services);
    const secret = await caller.marketplace.listings.create(listingInput({ category: 'goods', priceCents: 100, isAnonymous: true }));
    const named = await caller.marketplace.listings.create(listingInput({ category: 'service', priceCents: 999_999 }));
    const ids = (await caller.marketplace.listings.recommendations({ id: secret.id })).map((card) => card.id);
    expect(ids).not.toContain(named.id);
  });

  test('an unknown listing is LISTING_NOT_FOUND', async ({ services }) => {
    await expectAppError((await callerFor(services)).marketplace.listings.recommendations({ id: '00000000-0000-4000-8000-000000000000' }), 'LISTING_NOT_FOUND');
  });
});

describe('marketplace.listings.bySeller', () => {
  test('others see available and sold, not taken-down, rejected or anonymous listings; the owner sees all', async ({ db, services }) => {
    const { user, caller } = await seller(services);
    const open = await caller.marketplace.listings.create(listingInput({ title: 'open' }));
    const anonymous = await caller.marketplace.listings.create(listingInput({ title: 'anonymous', isAnonymous: true }));
    const sold = await caller.marketplace.listings.create(listingInput({ title: 'sold' }));
    const rejected = await caller.marketplace.listings.create(listingInput({ title: 'rejected' }));
    const takenDown = await caller.marketplace.listings.create(listingInput({ title: 'taken down' }));
    await db.db.updateTable('listings').set({ status: 'sold', quantity: 0 }).where('id', '=', sold.id).execute();
    await db.db.updateTable('listings').set({ status: 'unavailable', review_status: 'rejected' }).where('id', '=', rejected.id).execute();
    await db.db.updateTable('listings').set({ status: 'unavailable' }).where('id', '=', takenDown.id).execute();

    // a sold listing stays on its seller's tab for everyone, with its sold-out overlay
    const visitorPage = await (await callerFor(services)).marketplace.listings.bySeller({ userId: user.id });
    expect(new Set(visitorPage.items.map((card) => card.id))).toEqual(new Set([open.id, sold.id]));
    expect(visitorPage.items.find((card) => card.id === sold.id)).toMatchObject({ soldOut: true, status: 'sold', sellerId: user.id });
    expect(visitorPage.items.find((card) => card.id === open.id)).toMatchObject({ soldOut: false, status: 'available' });
    const ownPage = await caller.marketplace.listings.bySeller({ userId: user.id });
    expect(new Set(ownPage.items.map((card) => card.id))).toEqual(new Set([open.id, anonymous.id, sold.id, rejected.id, takenDown.id]));
    // even on the owner's own tab a card never names the seller of an anonymous listing
    expect(ownPage.items.find((card) => card.id === anonymous.id)).toMatchObject({ sellerId: null, sellerNickname: null });
    expect(ownPage.items.find((card) => card.id === sold.id)).toMatchObject({ soldOut: true, status: 'sold' });
  });

  test('pages by cursor without repeats or gaps', async ({ services }) => {
    const { user, caller } = await seller(services);
    const created: string[] = [];
    for (let i = 0; i < 25; i++) {
      // six seconds apart: a seller publishes at most ten a minute (ADR 0025)
      services.clock.advance(6_000);
      created.push((await caller.marketplace.listings.create(listingInput({ title: `item ${i}` }))).id);
    }
    const visitor = await callerFor(services);
    const first = await visitor.marketplace.listings.bySeller({ userId: user.id });
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();
    const second = await visitor.marketplace.listings.bySeller({ userId: user.id, cursor: first.nextCursor });
    expect(second.nextCursor).toBeNull();
    const seen = [...first.items, ...second.items].map((card) => card.id);
    expect(new Set(seen)).toEqual(new Set(created));
    expect(seen).toHaveLength(25);
    await expectAppError(visitor.marketplace.listings.bySeller({ userId: user.id, cursor: 'garbage' }), 'VALIDATION_FAILED');
  });
});
