import { describe, expect, test } from '../../helpers/fixtures.ts';
import { callerFor } from '../../helpers/services.ts';
import { type TestDatabase } from '../../helpers/test-db.ts';
import { putSetting } from '../../../server/src/domain/settings/settings.ts';
import { requestInput } from '../buying-requests/support.ts';
import { fund } from '../ledger/ledger-fixtures.ts';
import { expectAppError } from '../../helpers/app-errors.ts';
import type { member as newMember } from '../../helpers/world.ts';

/** The `member` fixture: a new signed-in member. */
type MemberFactory = (options?: Parameters<typeof newMember>[1]) => ReturnType<typeof newMember>;

async function requestState(db: TestDatabase, id: string) {
  return db.db
    .selectFrom('buying_requests')
    .select(['status', 'active_offers_count', 'offer_count', 'selected_offer_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** A requester with one open request (budget 100.00-500.00 USDN unless overridden). */
async function openRequest(member: MemberFactory, overrides: Parameters<typeof requestInput>[0] = {}) {
  const requester = await member({ nickname: 'Buyer' });
  const { id } = await requester.api.marketplace.buyingRequests.create(requestInput(overrides));
  return { requester, requestId: id };
}

describe('marketplace.offers.create', () => {
  test("a pending offer at the seller's price; counts go up", async ({ db, member }) => {
    const { requestId } = await openRequest(member);
    const seller = await member({ nickname: 'Seller' });
    const offer = await seller.api.marketplace.offers.create({ requestId, priceCents: 20_000, message: '  Boxed  ' });
    expect(offer).toMatchObject({
      requestId,
      seller: { id: seller.user.id, nickname: 'Seller' },
      priceCents: 20_000,
      currentPriceCents: 20_000,
      message: 'Boxed',
      status: 'pending',
      negotiationRound: 0,
      maxNegotiationRounds: 3,
      lastProposerId: seller.user.id,
      history: [],
    });
    expect(await requestState(db, requestId)).toMatchObject({ status: 'open', active_offers_count: 1, offer_count: 1 });
  });

  test('a message of up to 1000 characters goes with the offer (rule B-10); a longer one is refused', async ({ db, member }) => {
    const { requestId } = await openRequest(member);
    const seller = await member();
    await expectAppError(seller.api.marketplace.offers.create({ requestId, priceCents: 20_000, message: 'x'.repeat(1001) }), 'VALIDATION_FAILED');
    expect(await requestState(db, requestId)).toMatchObject({ active_offers_count: 0, offer_count: 0 });
    const offer = await seller.api.marketplace.offers.create({ requestId, priceCents: 20_000, message: 'x'.repeat(1000) });
    expect(offer.message).toHaveLength(1000);
  });

  test.for([
    ['OFFER_PRICE_INVALID', 0],
    ['OFFER_PRICE_INVALID', -100],
    ['OFFER_PRICE_INVALID', 10.5],
    ['OFFER_BELOW_MIN_BUDGET', 9_999],
    ['OFFER_ABOVE_MAX_BUDGET', 50_001],
  ] as const)('%s for %d cents, and nothing is written', async ([code, priceCents], { db, member }) => {
    const { requestId } = await openRequest(member);
    const seller = await member();
    await expectAppError(seller.api.marketplace.offers.create({ requestId, priceCents }), code);
    expect(await requestState(db, requestId)).toMatchObject({ active_offers_count: 0, offer_count: 0 });
  });

  test('the budget bounds themselves are allowed; without a budget any positive price is', async ({ member }) => {
    const { requestId } = await openRequest(member);
    const low = await member();
    const high = await member();
    await low.api.marketplace.offers.create({ requestId, priceCents: 10_000 });
    await high.api.marketplace.offers.create({ requestId, priceCents: 50_000 });
    const open = await openRequest(member, { budgetMinCents: null, budgetMaxCents: null });
    const any = await member();
    await expect(any.api.marketplace.offers.create({ requestId: open.requestId, priceCents: 1 })).resolves.toMatchObject({ status: 'pending' });
  });

  test('the requester cannot offer on their own request; visitors must sign in', async ({ services, member }) => {
    const { requester, requestId } = await openRequest(member);
    await expectAppError(requester.api.marketplace.offers.create({ requestId, priceCents: 20_000 }), 'CANNOT_OFFER_OWN_REQUEST');
    const visitor = await callerFor(services);
    await expectAppError(visitor.marketplace.offers.create({ requestId, priceCents: 20_000 }), 'LOGIN_REQUIRED');
  });

  test('one active offer per seller; after withdrawing, the seller may offer again', async ({ db, member }) => {
    const { requestId } = await openRequest(member);
    const seller = await member();
    const first = await seller.api.marketplace.offers.create({ requestId, priceCents: 20_000 });
    await expectAppError(seller.api.marketplace.offers.create({ requestId, priceCents: 21_000 }), 'OFFER_ALREADY_ACTIVE');
    await seller.api.marketplace.offers.withdraw({ offerId: first.id });
    await expect(seller.api.marketplace.offers.create({ requestId, priceCents: 21_000 })).resolves.toMatchObject({ status: 'pending' });
    expect(await requestState(db, requestId)).toMatchObject({ active_offers_count: 1, offer_count: 2 });
  });

  test('the partial unique index backs the one-active-offer rule', async ({ db, member }) => {
    const { requestId } = await openRequest(member);
    const seller = await member();
    await seller.api.marketplace.offers.create({ requestId, priceCents: 20_000 });
    await expect(
      db.db
        .insertInto('buying_offers')
        .values({ request_id: requestId, seller_id: seller.user.id, price_cents: 1, original_price_cents: 1, current_price_cents: 1 })
        .execute(),
    ).rejects.toMatchObject({ code: '23505' });
  });

  test('full at the maximum (OFFERS_FULL); a withdrawal or rejection reopens it', async ({ db, member }) => {
    const { requester, requestId } = await openRequest(member, { maxOffersAllowed: 2 });
    const [a, b, c] = await Promise.all([member(), member(), member()]);
    const offerA = await a.api.marketplace.offers.create({ requestId, priceCents: 20_000 });
    const offerB = await b.api.marketplace.offers.create({ requestId, priceCents: 20_000 });
    expect(await requestState(db, requestId)).toMatchObject({ status: 'offer_limit_reached', active_offers_count: 2 });
    expect(await requester.api.marketplace.buyingRequests.get({ id: requestId })).toMatchObject({ acceptingOffers: false });
    await expectAppError(c.api.marketplace.offers.create({ requestId, priceCents: 20_000 }), 'OFFERS_FULL');

    await a.api.marketplace.offers.withdraw({ offerId: offerA.id });
    expect(await requestState(db, requestId)).toMatchObject({ status: 'open', active_offers_count: 1 });
    await c.api.marketplace.offers.create({ requestId, priceCents: 20_000 });
    expect(await requestState(db, requestId)).toMatchObject({ status: 'offer_limit_reached', active_offers_count: 2 });
    await requester.api.marketplace.offers.reject({ offerId: offerB.id });
    expect(await requestState(db, requestId)).toMatchObject({ status: 'open', active_offers_count: 1 });
  });
});

describe('marketplace.offers.withdraw and reject', () => {
  test('only the seller withdraws, only the requester rejects, only active offers', async ({ member }) => {
    const { requester, requestId } = await openRequest(member);
    const seller = await member();
    const offer = await seller.api.marketplace.offers.create({ requestId, priceCents: 20_000 });
    await expectAppError(requester.api.marketplace.offers.withdraw({ offerId: offer.id }), 'OFFER_NOT_FOUND');
    await expectAppError(seller.api.marketplace.offers.reject({ offerId: offer.id }), 'OFFER_NOT_FOUND');
    const stranger = await member();
    await expectAppError(stranger.api.marketplace.offers.reject({ offerId: offer.id }), 'OFFER_NOT_FOUND');
    expect(await requester.api.marketplace.offers.reject({ offerId: offer.id })).toMatchObject({ status: 'rejected' });
    await expectAppError(seller.api.marketplace.offers.withdraw({ offerId: offer.id }), 'OFFER_NOT_ACTIVE');
    await expectAppError(requester.api.marketplace.offers.reject({ offerId: offer.id }), 'OFFER_NOT_ACTIVE');
    await expectAppError(seller.api.marketplace.offers.withdraw({ offerId: crypto.randomUUID() }), 'OFFER_NOT_FOUND');
  });
});

describe('marketplace.offers.counter', () => {
  test('parties alternate; each round is recorded; the request is in negotiation', async ({ db, member }) => {
    const { requester, requestId } = await openRequest(member);
    const seller = await member({ nickname: 'Seller' });
    const offer = await seller.api.marketplace.offers.create({ requestId, priceCents: 30_000 });
    await expectAppError(seller.api.marketplace.offers.counter({ offerId: offer.id, priceCents: 29_000 }), 'NOT_YOUR_TURN');

    const one = await requester.api.marketplace.offers.counter({ offerId: offer.id, priceCents: 25_000, message: 'too much' });
    expect(one).toMatchObject({ status: 'negotiating', negotiationRound: 1, currentPriceCents: 25_000, priceCents: 30_000, lastProposerId: requester.user.id });
    expect(await requestState(db, requestId)).toMatchObject({ status: 'in_negotiation', active_offers_count: 1 });
    await expectAppError(requester.api.marketplace.offers.counter({ offerId: offer.id, priceCents: 24_000 }), 'NOT_YOUR_TURN');

    const two = await seller.api.marketplace.offers.counter({ offerId: offer.id, priceCents: 27_500 });
    expect(two.history).toEqual([
      expect.objectContaining({ round: 1, proposerId: requester.user.id, proposerNickname: 'Buyer', proposedPriceCents: 25_000, message: 'too much' }),
      expect.objectContaining({ round: 2, proposerId: seller.user.id, proposerNickname: 'Seller', proposedPriceCents: 27_500, message: null }),
    ]);
    const stranger = await member();
    await expectAppError(stranger.api.marketplace.offers.counter({ offerId: offer.id, priceCents: 1_000 }), 'OFFER_NOT_FOUND');
  });

  test('the price must change and be valid', async ({ db, member }) => {
    const { requester, requestId } = await openRequest(member);
    const seller = await member();
    const offer = await seller.api.marketplace.offers.create({ requestId, priceCents: 30_000 });
    await expectAppError(requester.api.marketplace.offers.counter({ offerId: offer.id, priceCents: 30_000 }), 'COUNTER_PRICE_UNCHANGED');
    await expectAppError(requester.api.marketplace.offers.counter({ offerId: offer.id, priceCents: 0 }), 'OFFER_PRICE_INVALID');
    const after = await db.db.selectFrom('buying_offers').selectAll().where('id', '=', offer.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: 'pending', negotiation_round: 0, current_price_cents: 30_000 });
  });

  test('rounds stop at buying_offer_max_negotiation_rounds, read from the settings', async ({ db, services, member }) => {
    await putSetting(db.db, 'buying_offer_max_negotiation_rounds', 2, null, services.clock.now());
    try {
      const { requester, requestId } = await openRequest(member);
      const seller = await member();
      const offer = await seller.api.marketplace.offers.create({ requestId, priceCents: 30_000 });
      await requester.api.marketplace.offers.counter({ offerId: offer.id, priceCents: 25_000 });
      const second = await seller.api.marketplace.offers.counter({ offerId: offer.id, priceCents: 28_000 });
      expect(second).toMatchObject({ negotiationRound: 2, maxNegotiationRounds: 2 });
      await expectAppError(requester.api.marketplace.offers.counter({ offerId: offer.id, priceCents: 26_000 }), 'NEGOTIATION_ROUNDS_EXCEEDED');
      // the last proposal can still be accepted (and paid: the accept charges the requester, ADR 0013)
      await fund(db.db, requester.user.id, 'usdn', 30_000);
      await expect(requester.api.marketplace.offers.accept({ offerId: offer.id })).resolves.toMatchObject({ status: 'accepted', priceCents: 30_000 });
    } finally {
      await putSetting(db.db, 'buying_offer_max_negotiation_rounds', 3, null, services.clock.now());
    }
  });

  test('with the default of 3, a fourth counter is refused', async ({ member }) => {
    const { requester, requestId } = await openRequest(member);
    const seller = await member();
    const offer = await seller.api.marketplace.offers.create({ requestId, priceCents: 30_000 });
    await requester.api.marketplace.offers.counter({ offerId: offer.id, priceCents: 25_000 });
    await seller.api.marketplace.offers.counter({ offerId: offer.id, priceCents: 28_000 });
    await requester.api.marketplace.offers.counter({ offerId: offer.id, priceCents: 26_000 });
    await expectAppError(seller.api.marketplace.offers.counter({ offerId: offer.id, priceCents: 27_000 }), 'NEGOTIATION_ROUNDS_EXCEEDED');
  });

  test('the request leaves in_negotiation when its last negotiating offer is withdrawn', async ({ db, member }) => {
    const { requester, requestId } = await openRequest(member, { maxOffersAllowed: 1 });
    const seller = await member();
    const offer = await seller.api.marketplace.offers.create({ requestId, priceCents: 30_000 });
    expect(await requestState(db, requestId)).toMatchObject({ status: 'offer_limit_reached' });
    await requester.api.marketplace.offers.counter({ offerId: offer.id, priceCents: 25_000 });
    expect(await requestState(db, requestId)).toMatchObject({ status: 'in_negotiation', active_offers_count: 1 });
    const late = await member();
    await expectAppError(late.api.marketplace.offers.create({ requestId, priceCents: 20_000 }), 'OFFERS_FULL');
    await seller.api.marketplace.offers.withdraw({ offerId: offer.id });
    expect(await requestState(db, requestId)).toMatchObject({ status: 'open', active_offers_count: 0 });
  });
});

describe('marketplace.offers.accept', () => {
  test('the requester accepts: deal_made, offer selected, the others rejected', async ({ db, services, member }) => {
    const { requester, requestId } = await openRequest(member);
    const [a, b, c] = await Promise.all([member(), member(), member()]);
    const offerA = await a.api.marketplace.offers.create({ requestId, priceCents: 30_000 });
    const offerB = await b.api.marketplace.offers.create({ requestId, priceCents: 31_000 });
    const offerC = await c.api.marketplace.offers.create({ requestId, priceCents: 32_000 });
    await c.api.marketplace.offers.withdraw({ offerId: offerC.id });
    await requester.api.marketplace.offers.counter({ offerId: offerB.id, priceCents: 29_000 });
    await b.api.marketplace.offers.counter({ offerId: offerB.id, priceCents: 29_500 });

    await expectAppError(a.api.marketplace.offers.accept({ offerId: offerA.id }), 'NOT_YOUR_TURN');
    await fund(db.db, requester.user.id, 'usdn', 29_500);
    const accepted = await requester.api.marketplace.offers.accept({ offerId: offerB.id });
    expect(accepted).toMatchObject({ status: 'accepted', currentPriceCents: 29_500 });
    expect(accepted.acceptedAt).toEqual(services.clock.now());
    const agreed = await db.db.selectFrom('buying_offers').select('price_cents').where('id', '=', offerB.id).executeTakeFirstOrThrow();
    expect(agreed.price_cents).toBe(29_500);
    expect(await requestState(db, requestId)).toEqual({ status: 'deal_made', active_offers_count: 0, offer_count: 3, selected_offer_id: offerB.id });
    const statuses = Object.fromEntries((await requester.api.marketplace.offers.forRequest({ requestId })).map((o) => [o.id, o.status]));
    expect(statuses).toEqual({ [offerA.id]: 'rejected', [offerB.id]: 'accepted', [offerC.id]: 'withdrawn' });

    await expectAppError(requester.api.marketplace.offers.accept({ offerId: offerA.id }), 'OFFER_NOT_ACTIVE');
    const d = await member();
    await expectAppError(d.api.marketplace.offers.create({ requestId, priceCents: 30_000 }), 'REQUEST_NOT_OPEN');
    expect(await requester.api.marketplace.buyingRequests.get({ id: requestId })).toMatchObject({ status: 'deal_made', selectedOfferId: offerB.id });
  });

  test("after the requester countered, the seller accepts the requester's price; the requester may not accept their own", async ({ db, member }) => {
    const { requester, requestId } = await openRequest(member);
    const seller = await member();
    const offer = await seller.api.marketplace.offers.create({ requestId, priceCents: 30_000 });
    await requester.api.marketplace.offers.counter({ offerId: offer.id, priceCents: 26_000 });
    await expectAppError(requester.api.marketplace.offers.accept({ offerId: offer.id }), 'NOT_YOUR_TURN');
    await fund(db.db, requester.user.id, 'usdn', 26_000);
    await expect(seller.api.marketplace.offers.accept({ offerId: offer.id })).resolves.toMatchObject({ status: 'accepted', currentPriceCents: 26_000 });
    expect(await requestState(db, requestId)).toMatchObject({ status: 'deal_made', selected_offer_id: offer.id });
  });

  test('nothing is accepted on an expired request', async ({ services, member }) => {
    const { requester, requestId } = await openRequest(member, { expiresInDays: 1 });
    const seller = await member();
    const offer = await seller.api.marketplace.offers.create({ requestId, priceCents: 30_000 });
    services.clock.advance(24 * 3600 * 1000);
    try {
      await expectAppError(requester.api.marketplace.offers.accept({ offerId: offer.id }), 'REQUEST_NOT_OPEN');
      await expectAppError(requester.api.marketplace.offers.counter({ offerId: offer.id, priceCents: 1_000 }), 'REQUEST_NOT_OPEN');
    } finally {
      services.clock.advance(-24 * 3600 * 1000);
    }
  });
});

describe('marketplace.offers.forRequest and mine', () => {
  test("the requester sees every offer, a seller only their own; mine lists the seller's offers with the request", async ({ services, member }) => {
    const { requester, requestId } = await openRequest(member, { title: 'Rare vinyl' });
    const [a, b] = await Promise.all([member(), member()]);
    const offerA = await a.api.marketplace.offers.create({ requestId, priceCents: 30_000 });
    // offers are listed in the order they were made
    services.clock.advance(1000);
    const offerB = await b.api.marketplace.offers.create({ requestId, priceCents: 31_000 });
    await requester.api.marketplace.offers.counter({ offerId: offerA.id, priceCents: 28_000 });

    expect((await requester.api.marketplace.offers.forRequest({ requestId })).map((o) => o.id)).toEqual([offerA.id, offerB.id]);
    const own = await a.api.marketplace.offers.forRequest({ requestId });
    expect(own.map((o) => o.id)).toEqual([offerA.id]);
    expect(own[0]!.history).toHaveLength(1);

    const mine = await a.api.marketplace.offers.mine();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: offerA.id, status: 'negotiating', request: { id: requestId, title: 'Rare vinyl', status: 'in_negotiation' } });
    expect(await requester.api.marketplace.offers.mine()).toEqual([]);
    const visitor = await callerFor(services);
    await expectAppError(visitor.marketplace.offers.forRequest({ requestId }), 'LOGIN_REQUIRED');
  });
});

describe('contact details in offer and counter-offer messages (rule C-4)', () => {
  test('an offer message with a WeChat id or a QQ number is refused, and nothing is written', async ({ db, member }) => {
    const { requestId } = await openRequest(member);
    const seller = await member();
    for (const message of ['有货，加我微信 lin_shop88 详聊', '走平台太慢，QQ 12345678 找我', '加V详聊']) {
      await expectAppError(seller.api.marketplace.offers.create({ requestId, priceCents: 20_000, message }), 'CONTACT_INFO_DETECTED', { fields: 'message' });
    }
    expect(await requestState(db, requestId)).toMatchObject({ active_offers_count: 0, offer_count: 0 });
    expect(await db.db.selectFrom('buying_offers').select('id').where('request_id', '=', requestId).execute()).toEqual([]);
  });

  test('a counter-offer message with contact details is refused, and the offer stays as it was', async ({ db, member }) => {
    const { requester, requestId } = await openRequest(member);
    const seller = await member();
    const offer = await seller.api.marketplace.offers.create({ requestId, priceCents: 30_000, message: '九成新，原盒' });
    for (const message of ['便宜点吧，扣扣 88886666', 'vx: buyer_lin2026 聊']) {
      await expectAppError(requester.api.marketplace.offers.counter({ offerId: offer.id, priceCents: 25_000, message }), 'CONTACT_INFO_DETECTED', {
        fields: 'message',
      });
    }
    const after = await db.db.selectFrom('buying_offers').selectAll().where('id', '=', offer.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: 'pending', negotiation_round: 0, current_price_cents: 30_000 });
    expect(await db.db.selectFrom('offer_negotiations').select('round').where('offer_id', '=', offer.id).execute()).toEqual([]);
  });

  test('messages stored before the check are shown to both sides with the contact details masked', async ({ db, member }) => {
    const { requester, requestId } = await openRequest(member);
    const seller = await member();
    const offer = await seller.api.marketplace.offers.create({ requestId, priceCents: 30_000, message: 'Boxed' });
    await requester.api.marketplace.offers.counter({ offerId: offer.id, priceCents: 25_000, message: 'too much' });
    // as an older server wrote them, unchecked
    await db.db.updateTable('buying_offers').set({ message: '原盒 微信 lin_shop88 详聊' }).where('id', '=', offer.id).execute();
    await db.db.updateTable('offer_negotiations').set({ message: 'QQ 12345678 或 lin@example.com' }).where('offer_id', '=', offer.id).execute();

    for (const viewer of [requester, seller]) {
      const [shown] = await viewer.api.marketplace.offers.forRequest({ requestId });
      expect(shown).toMatchObject({ message: '原盒 [***] 详聊', history: [expect.objectContaining({ message: '[***] 或 [***]' })] });
    }
    const [mine] = await seller.api.marketplace.offers.mine();
    expect(mine).toMatchObject({ message: '原盒 [***] 详聊', history: [expect.objectContaining({ message: '[***] 或 [***]' })] });
  });
});

describe('offer notifications', () => {
  test('a new offer notifies the requester; a counter notifies whoever moves next', async ({ member }) => {
    const { requester, requestId } = await openRequest(member);
    const seller = await member({ nickname: 'Seller' });
    const offer = await seller.api.marketplace.offers.create({ requestId, priceCents: 20_000 });
    const [received] = (await requester.api.notifications.list()).items;
    expect(received).toMatchObject({ type: 'offer_received', params: { amount: '200.00' }, link: `/buying-requests/${requestId}` });

    await requester.api.marketplace.offers.counter({ offerId: offer.id, priceCents: 18_000 });
    const [countered] = (await seller.api.notifications.list()).items;
    expect(countered).toMatchObject({ type: 'offer_countered', params: { amount: '180.00' }, link: '/buying-requests/offers' });

    await seller.api.marketplace.offers.counter({ offerId: offer.id, priceCents: 19_000 });
    const latest = (await requester.api.notifications.list()).items.map((n) => n.type);
    expect(latest).toEqual(['offer_countered', 'offer_received']);
  });
});
