import { describe, expect, test } from '../../helpers/fixtures.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../server/src/db/schema.ts';
import { type TestServices } from '../../helpers/services.ts';
import { requestInput } from '../buying-requests/support.ts';
import { countTransfers, fund } from '../ledger/ledger-fixtures.ts';
import { escrowBalance, expectLedgerHealthy, key, member, notificationsOf, orderRow, points, transfersFor, usdn } from './support.ts';

import { storedUpload } from '../../helpers/uploads.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

async function negotiation(services: TestServices, options: { requesterCents?: number; withImage?: boolean } = {}) {
  const requester = await member(services, { nickname: 'Requester', ...(options.requesterCents ? { usdnCents: options.requesterCents } : {}) });
  const seller = await member(services, { nickname: 'Offerer' });
  const images = options.withImage ? [await storedUpload(services, requester.id)] : [];
  const { id: requestId } = await requester.api.marketplace.buyingRequests.create(requestInput({ title: 'Wanted: Seiko 6105', images }));
  const offer = await seller.api.marketplace.offers.create({ requestId, priceCents: 30_000 });
  return { requester, seller, requestId, offer, images };
}

async function requestStatus(db: Kysely<Database>, requestId: string) {
  return (await db.selectFrom('buying_requests').select('status').where('id', '=', requestId).executeTakeFirstOrThrow()).status;
}

async function offerStatus(db: Kysely<Database>, offerId: string) {
  return (await db.selectFrom('buying_offers').select('status').where('id', '=', offerId).executeTakeFirstOrThrow()).status;
}

describe('an accepted offer becomes a paid order', () => {
  test('the requester accepts: charged into escrow, a paid order at the agreed price, both notified', async ({ db, services }) => {
    const { requester, seller, requestId, offer, images } = await negotiation(services, { requesterCents: 50_000, withImage: true });
    const escrowBefore = await escrowBalance(db.db);
    const accepted = await requester.api.marketplace.offers.accept({ offerId: offer.id });
    expect(accepted.orderId).toEqual(expect.any(String));
    const order = await orderRow(db.db, accepted.orderId!);
    expect(order).toMatchObject({
      status: 'paid',
      buyer_id: requester.id,
      seller_id: seller.id,
      offer_id: offer.id,
      buying_request_id: requestId,
      listing_id: null,
      title: 'Wanted: Seiko 6105',
      image_key: images[0],
      quantity: 1,
      unit_price_cents: 30_000,
      total_cents: 30_000,
    });
    expect(await usdn(db.db, requester.id)).toBe(20_000);
    expect((await escrowBalance(db.db)) - escrowBefore).toBe(30_000);
    expect(await transfersFor(db.db, order.id)).toEqual([{ kind: 'purchase_escrow', currency: 'usdn', amount: 30_000 }]);
    expect((await notificationsOf(db.db, seller.id)).map((n) => n.type).sort()).toEqual(['offer_accepted', 'order_paid']);
    // the deal shows in the seller's orders like any sale
    expect((await seller.api.orders.list({ side: 'sell' })).items.map((i) => i.buyingRequestId)).toEqual([requestId]);
    await expectLedgerHealthy(db.db);
  });

  test("the seller accepts the requester's counter: the requester pays the countered price and is notified", async ({ db, services }) => {
    const { requester, seller, offer } = await negotiation(services, { requesterCents: 26_000 });
    await requester.api.marketplace.offers.counter({ offerId: offer.id, priceCents: 26_000 });
    const accepted = await seller.api.marketplace.offers.accept({ offerId: offer.id });
    expect(await orderRow(db.db, accepted.orderId!)).toMatchObject({ total_cents: 26_000, buyer_id: requester.id });
    expect(await usdn(db.db, requester.id)).toBe(0);
    expect((await notificationsOf(db.db, requester.id)).map((n) => n.type)).toContain('offer_accepted');
  });

  test('a requester short of money: INSUFFICIENT_BALANCE and nothing changes', async ({ db, services }) => {
    const { requester, requestId, offer } = await negotiation(services, { requesterCents: 29_999 });
    const transfersBefore = await countTransfers(db.db);
    const { data } = await expectAppError(requester.api.marketplace.offers.accept({ offerId: offer.id }), 'INSUFFICIENT_BALANCE');
    expect(data.params).toMatchObject({ needed: '300.00' });
    expect(await requestStatus(db.db, requestId)).toBe('open');
    expect(await offerStatus(db.db, offer.id)).toBe('pending');
    expect(await countTransfers(db.db)).toBe(transfersBefore);
    expect(await db.db.selectFrom('orders').select('id').where('offer_id', '=', offer.id).execute()).toEqual([]);
    // after a top-up the same accept goes through
    await fund(db.db, requester.id, 'usdn', 1);
    await expect(requester.api.marketplace.offers.accept({ offerId: offer.id })).resolves.toMatchObject({ status: 'accepted' });
  });

  test('the seller accepting a counter the requester cannot pay: BUYER_BALANCE_INSUFFICIENT and nothing changes', async ({ db, services }) => {
    const { requester, seller, requestId, offer } = await negotiation(services, { requesterCents: 1_000 });
    await requester.api.marketplace.offers.counter({ offerId: offer.id, priceCents: 25_000 });
    await expectAppError(seller.api.marketplace.offers.accept({ offerId: offer.id }), 'BUYER_BALANCE_INSUFFICIENT');
    expect(await requestStatus(db.db, requestId)).toBe('in_negotiation');
    expect(await offerStatus(db.db, offer.id)).toBe('negotiating');
    expect(await usdn(db.db, requester.id)).toBe(1_000);
  });

  test('completing the order completes the offer and the request', async ({ db, services }) => {
    const { requester, seller, requestId, offer } = await negotiation(services, { requesterCents: 30_000 });
    const { orderId } = await requester.api.marketplace.offers.accept({ offerId: offer.id });
    expect(await offerStatus(db.db, offer.id)).toBe('accepted');
    expect(await requestStatus(db.db, requestId)).toBe('deal_made');
    await seller.api.orders.ship({ orderId: orderId!, deliveryInfo: 'hand delivery' });
    await requester.api.orders.confirmReceipt({ orderId: orderId!, idempotencyKey: key() });
    expect(await offerStatus(db.db, offer.id)).toBe('completed');
    expect(await requestStatus(db.db, requestId)).toBe('completed');
    expect(await usdn(db.db, seller.id)).toBe(30_000);
    expect(await points(db.db, requester.id)).toBe(15);
    expect(await points(db.db, seller.id)).toBe(30);
    const [mine] = await seller.api.marketplace.offers.mine();
    expect(mine).toMatchObject({ status: 'completed', orderId });
    await expectLedgerHealthy(db.db);
  });

  test('offers not accepted carry no order', async ({ services }) => {
    const { offer, seller } = await negotiation(services);
    const [mine] = await seller.api.marketplace.offers.mine();
    expect(mine).toMatchObject({ id: offer.id, orderId: null });
  });
});
