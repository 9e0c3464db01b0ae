import { expect, test } from '../../helpers/fixtures.ts';
import { NEEDS_POSTGRES, onRealPostgres } from '../../helpers/test-db.ts';
import { appCodeOf } from '../../helpers/app-errors.ts';
import { requestInput } from '../buying-requests/support.ts';
import { fund } from '../ledger/ledger-fixtures.ts';

test.override('poolSize', 30);

if (!onRealPostgres()) console.warn(`offer-race.test.ts: races skipped — ${NEEDS_POSTGRES}`);

function outcomeCode(result: PromiseSettledResult<unknown>): string {
  if (result.status === 'fulfilled') return 'OK';
  return appCodeOf(result.reason) ?? String(result.reason);
}

test.skipIf(!onRealPostgres())('20 sellers offering at once on a request with max 3: exactly 3 get in', async ({ db, member }) => {
  const requester = await member();
  const { id: requestId } = await requester.api.marketplace.buyingRequests.create(requestInput({ maxOffersAllowed: 3 }));
  const sellers = await Promise.all(Array.from({ length: 20 }, () => member()));
  const results = await Promise.allSettled(sellers.map((seller) => seller.api.marketplace.offers.create({ requestId, priceCents: 20_000 })));
  const codes = results.map(outcomeCode);
  expect(codes.filter((c) => c === 'OK')).toHaveLength(3);
  expect(codes.filter((c) => c === 'OFFERS_FULL')).toHaveLength(17);
  const request = await db.db
    .selectFrom('buying_requests')
    .select(['active_offers_count', 'offer_count', 'status'])
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow();
  expect(request).toEqual({ active_offers_count: 3, offer_count: 3, status: 'offer_limit_reached' });
  const rows = await db.db.selectFrom('buying_offers').select('id').where('request_id', '=', requestId).execute();
  expect(rows).toHaveLength(3);
});

test.skipIf(!onRealPostgres())('one seller double-submitting at once gets one offer and OFFER_ALREADY_ACTIVE', async ({ member }) => {
  const requester = await member();
  const { id: requestId } = await requester.api.marketplace.buyingRequests.create(requestInput({ maxOffersAllowed: 10 }));
  const seller = await member();
  const results = await Promise.allSettled(Array.from({ length: 5 }, () => seller.api.marketplace.offers.create({ requestId, priceCents: 20_000 })));
  const codes = results.map(outcomeCode).sort();
  expect(codes).toEqual(['OFFER_ALREADY_ACTIVE', 'OFFER_ALREADY_ACTIVE', 'OFFER_ALREADY_ACTIVE', 'OFFER_ALREADY_ACTIVE', 'OK']);
});

test.skipIf(!onRealPostgres())('accept racing a withdrawal and a new offer settles once with exact counts', async ({ db, member }) => {
  const requester = await member();
  const { id: requestId } = await requester.api.marketplace.buyingRequests.create(requestInput({ maxOffersAllowed: 3 }));
  const [a, b, c] = await Promise.all([member(), member(), member()]);
  const offerA = await a.api.marketplace.offers.create({ requestId, priceCents: 20_000 });
  const offerB = await b.api.marketplace.offers.create({ requestId, priceCents: 20_000 });
  // the accept charges the requester the agreed price (ADR 0013)
  await fund(db.db, requester.user.id, 'usdn', 20_000);
  await Promise.allSettled([
    requester.api.marketplace.offers.accept({ offerId: offerA.id }),
    b.api.marketplace.offers.withdraw({ offerId: offerB.id }),
    c.api.marketplace.offers.create({ requestId, priceCents: 20_000 }),
  ]);
  const request = await db.db
    .selectFrom('buying_requests')
    .select(['status', 'active_offers_count', 'selected_offer_id'])
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow();
  expect(request).toEqual({ status: 'deal_made', active_offers_count: 0, selected_offer_id: offerA.id });
  const active = await db.db
    .selectFrom('buying_offers')
    .select('id')
    .where('request_id', '=', requestId)
    .where('status', 'in', ['pending', 'negotiating'])
    .execute();
  expect(active).toEqual([]);
});
