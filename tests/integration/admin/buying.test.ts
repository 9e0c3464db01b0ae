import { describe, expect, test } from '../../helpers/fixtures.ts';
import { callerFor, type TestServices } from '../../helpers/services.ts';
import { onRealPostgres, type TestDatabase } from '../../helpers/test-db.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { appCodeOf } from '../ledger/ledger-fixtures.ts';
import { requestInput } from '../buying-requests/support.ts';
import { auditEntries, type MemberFactory } from './support.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

test.override('poolSize', 8);

const auditOf = (db: TestDatabase, requestId: string) => auditEntries(db.db, 'buying_request', requestId);

function requestState(db: TestDatabase, id: string) {
  return db.db.selectFrom('buying_requests').select(['status', 'active_offers_count', 'offer_count']).where('id', '=', id).executeTakeFirstOrThrow();
}

/** A request with one pending offer on it. */
async function requestWithOffer(member: MemberFactory, title = 'Looking for a 1970s Seiko diver') {
  const poster = await member({ nickname: 'Poster' });
  const { id: requestId } = await poster.api.marketplace.buyingRequests.create(requestInput({ title }));
  const seller = await member({ nickname: 'Offerer' });
  const offer = await seller.api.marketplace.offers.create({ requestId, priceCents: 20_000 });
  return { poster, seller, requestId, offerId: offer.id };
}

async function feedRequestIds(services: TestServices): Promise<string[]> {
  const page = await (await callerFor(services)).marketplace.feed.page({ type: 'buyingRequest', limit: 50 });
  return page.items.flatMap((item) => (item.kind === 'buyingRequest' ? [item.request.id] : []));
}

describe('admin.buying.list', () => {
  test('requests with their poster, newest first; status filter (expiry by time included) and title search', async ({ db, services, admin, member }) => {
    const { poster, requestId } = await requestWithOffer(member, 'Wanted: 50% off typewriter');
    const { id: lapsed } = await poster.api.marketplace.buyingRequests.create(requestInput({ title: 'Lapsed request' }));
    // past its expiry but not yet swept: reads as expired
    // (the test clock stands still, so the newer one is dated a second later by hand)
    await db.db
      .updateTable('buying_requests')
      .set({ expires_at: new Date(services.clock.now().getTime() - 1000), created_at: new Date(services.clock.now().getTime() + 1000) })
      .where('id', '=', lapsed)
      .execute();

    const all = await admin.api.admin.buying.list({});
    expect(all.items.slice(0, 2).map((item) => item.id)).toEqual([lapsed, requestId]);
    expect(all.items.find((item) => item.id === requestId)).toMatchObject({
      title: 'Wanted: 50% off typewriter',
      poster: { id: poster.user.id, nickname: 'Poster' },
      status: 'open',
      offerCount: 1,
      activeOffersCount: 1,
      budgetMinCents: 10_000,
      budgetMaxCents: 50_000,
      canClose: true,
    });
    expect(all.items.find((item) => item.id === lapsed)).toMatchObject({ status: 'expired', canClose: false });

    const open = await admin.api.admin.buying.list({ status: 'open' });
    expect(open.items.map((item) => item.id)).toContain(requestId);
    expect(open.items.map((item) => item.id)).not.toContain(lapsed);
    expect((await admin.api.admin.buying.list({ status: 'expired' })).items.map((item) => item.id)).toEqual([lapsed]);

    expect(await admin.api.admin.buying.list({ search: '50%' })).toEqual({ total: 1, items: [expect.objectContaining({ id: requestId })] });
  });
});

describe('admin.buying.close', () => {
  test('closes an open request as its owner would: active offers rejected, gone from the feed, no new offers; audited', async ({
    db,
    services,
    admin,
    member,
  }) => {
    const { requestId, offerId } = await requestWithOffer(member);
    expect(await feedRequestIds(services)).toContain(requestId);

    expect(await admin.api.admin.buying.close({ requestId, reason: 'Duplicate post' })).toEqual({ requestId, status: 'closed', rejectedOffers: 1 });
    expect(await requestState(db, requestId)).toMatchObject({ status: 'closed', active_offers_count: 0 });
    expect(await db.db.selectFrom('buying_offers').select('status').where('id', '=', offerId).executeTakeFirstOrThrow()).toEqual({ status: 'rejected' });
    expect(await feedRequestIds(services)).not.toContain(requestId);
    const other = await member();
    await expectAppError(other.api.marketplace.offers.create({ requestId, priceCents: 20_000 }), 'REQUEST_NOT_OPEN');
    expect((await admin.api.admin.buying.list({ search: 'Seiko', status: 'closed' })).items.find((item) => item.id === requestId)).toMatchObject({
      canClose: false,
    });

    const [entry, ...more] = await auditOf(db, requestId);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      admin_id: admin.id,
      action: 'buying_request.close',
      before: { status: 'open' },
      after: { status: 'closed', rejected_offers: 1 },
      reason: 'Duplicate post',
    });

    // a second click: REQUEST_NOT_OPEN and nothing more written
    await expectAppError(admin.api.admin.buying.close({ requestId, reason: 'Duplicate post' }), 'REQUEST_NOT_OPEN');
    expect(await auditOf(db, requestId)).toHaveLength(1);
  });

  test('only open requests close: closed, deal made or expired (even unswept) → REQUEST_NOT_OPEN, nothing changed', async ({ db, services, admin, member }) => {
    const poster = await member();
    for (const status of ['closed', 'deal_made', 'expired', 'completed']) {
      const { id } = await poster.api.marketplace.buyingRequests.create(requestInput());
      await db.db.updateTable('buying_requests').set({ status }).where('id', '=', id).execute();
      await expectAppError(admin.api.admin.buying.close({ requestId: id, reason: 'Duplicate post' }), 'REQUEST_NOT_OPEN');
      expect((await requestState(db, id)).status).toBe(status);
      expect(await auditOf(db, id)).toHaveLength(0);
    }
    const { id: lapsed } = await poster.api.marketplace.buyingRequests.create(requestInput());
    await db.db
      .updateTable('buying_requests')
      .set({ expires_at: new Date(services.clock.now().getTime() - 1000) })
      .where('id', '=', lapsed)
      .execute();
    await expectAppError(admin.api.admin.buying.close({ requestId: lapsed, reason: 'Duplicate post' }), 'REQUEST_NOT_OPEN');
    expect((await requestState(db, lapsed)).status).toBe('open');
    expect(await auditOf(db, lapsed)).toHaveLength(0);
  });

  test('offers full and in negotiation are still open for the admin', async ({ db, admin, member }) => {
    const poster = await member();
    const { id } = await poster.api.marketplace.buyingRequests.create(requestInput());
    await db.db.updateTable('buying_requests').set({ status: 'in_negotiation' }).where('id', '=', id).execute();
    expect(await admin.api.admin.buying.close({ requestId: id, reason: 'Duplicate post' })).toMatchObject({ status: 'closed', rejectedOffers: 0 });
  });

  test('the poster is told why their request was closed; without a reason → REASON_REQUIRED and nothing happens', async ({ db, admin, member }) => {
    const { poster, requestId } = await requestWithOffer(member, 'Wanted: a brass telescope');
    await expectAppError(admin.api.admin.buying.close({ requestId, reason: '  ' }), 'REASON_REQUIRED');
    expect(await requestState(db, requestId)).toMatchObject({ status: 'open' });
    expect((await poster.api.notifications.list()).items.filter((n) => n.type === 'buying_request_closed')).toHaveLength(0);

    await admin.api.admin.buying.close({ requestId, reason: ' Posted three times ' });
    const closed = (await poster.api.notifications.list()).items.filter((n) => n.type === 'buying_request_closed');
    expect(closed.map((n) => ({ params: n.params, link: n.link }))).toEqual([
      { params: { title: 'Wanted: a brass telescope', reason: 'Posted three times' }, link: `/buying-requests/${requestId}` },
    ]);
  });

  test('an unknown request → BUYING_REQUEST_NOT_FOUND; an overlong note → CONTENT_TOO_LONG; nothing written', async ({ db, admin, member }) => {
    const missing = '00000000-0000-4000-8000-00000000cafe';
    await expectAppError(admin.api.admin.buying.close({ requestId: missing, reason: 'Duplicate post' }), 'BUYING_REQUEST_NOT_FOUND');
    expect(await auditOf(db, missing)).toHaveLength(0);
    const { requestId } = await requestWithOffer(member);
    await expectAppError(admin.api.admin.buying.close({ requestId, reason: 'x'.repeat(501) }), 'CONTENT_TOO_LONG');
    expect(await requestState(db, requestId)).toMatchObject({ status: 'open', active_offers_count: 1 });
    expect(await auditOf(db, requestId)).toHaveLength(0);
  });
});

describe.skipIf(!onRealPostgres())('admin.buying races (real PostgreSQL)', () => {
  test('two admins closing one request at once close it once, with one audit entry', async ({ db, services, admin, member }) => {
    const { requestId } = await requestWithOffer(member);
    const second = await callerFor(services, (await insertTestUser(db.db, { admin: true })).id);
    const outcomes = await Promise.allSettled([admin.api, second].map((api) => api.admin.buying.close({ requestId, reason: 'Duplicate post' })));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.flatMap((o) => (o.status === 'rejected' ? [appCodeOf(o.reason)] : []))).toEqual(['REQUEST_NOT_OPEN']);
    expect(await auditOf(db, requestId)).toHaveLength(1);
  });
});
