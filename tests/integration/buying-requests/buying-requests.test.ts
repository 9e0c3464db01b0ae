import type { AppErrorCode, TCreateBuyingRequestInput } from '@curio/shared';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { callerFor } from '../../helpers/services.ts';
import { type TestDatabase } from '../../helpers/test-db.ts';
import { storageFor } from '../../../server/src/storage/storage-for.ts';
import { newUploadKey } from '../../../server/src/storage/keys.ts';
import { requestInput } from './support.ts';

import { storedUpload } from '../../helpers/uploads.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

async function requestRow(db: TestDatabase, id: string) {
  return db.db.selectFrom('buying_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

describe('marketplace.buyingRequests.create', () => {
  test('publishes for free with defaults, an expiry and a publish activity', async ({ db, services, member }) => {
    const { user, api } = await member();
    const image = await storedUpload(services, user.id);
    const { id } = await api.marketplace.buyingRequests.create(requestInput({ images: [image], tags: ['vintage', '#watch'], expiresInDays: 7 }));
    const row = await requestRow(db, id);
    expect(row).toMatchObject({
      user_id: user.id,
      status: 'open',
      max_offers_allowed: 3,
      active_offers_count: 0,
      images: [image],
      tags: ['#vintage', '#watch'],
      budget_min_cents: 10_000,
      budget_max_cents: 50_000,
    });
    expect(row!.expires_at!.getTime() - services.clock.now().getTime()).toBe(7 * 24 * 3600 * 1000);
    const activity = await db.db.selectFrom('user_activities').selectAll().where('related_id', '=', id).executeTakeFirstOrThrow();
    expect(activity).toMatchObject({ user_id: user.id, activity_type: 'publish_buying_request', is_visible: true });
    expect(activity.activity_data).toMatchObject({ title: 'Looking for a 1970s Seiko diver', budget_min: 10_000, budget_max: 50_000, category: 'goods' });
    const balances = await db.db.selectFrom('ledger_transfers').select('id').where('reference_id', '=', id).execute();
    expect(balances).toEqual([]);
  });

  test('budget and category are optional; the default expiry is 30 days and max offers 3', async ({ db, member }) => {
    const { api } = await member();
    const { id } = await api.marketplace.buyingRequests.create({ title: 'Anything odd', description: 'Surprise me' });
    const row = await requestRow(db, id);
    expect(row).toMatchObject({ category: null, budget_min_cents: null, budget_max_cents: null, max_offers_allowed: 3 });
    expect(row!.expires_at!.getTime() - row!.created_at.getTime()).toBe(30 * 24 * 3600 * 1000);
  });

  test('a visitor cannot publish', async ({ services }) => {
    const visitor = await callerFor(services);
    await expectAppError(visitor.marketplace.buyingRequests.create(requestInput()), 'LOGIN_REQUIRED');
  });

  test.for([
    ['TITLE_REQUIRED', { title: '   ' }],
    ['DESCRIPTION_REQUIRED', { description: '' }],
    ['TITLE_TOO_LONG', { title: 'x'.repeat(101) }],
    ['DESCRIPTION_TOO_LONG', { description: 'x'.repeat(2001) }],
    ['BUDGET_INVALID', { budgetMinCents: 5000, budgetMaxCents: 5000 }],
    ['BUDGET_INVALID', { budgetMinCents: 5000, budgetMaxCents: 4000 }],
    ['BUDGET_INVALID', { budgetMinCents: 0 }],
    ['BUDGET_INVALID', { budgetMaxCents: 10.5 }],
    ['TOO_MANY_TAGS', { tags: ['a', 'b', 'c', 'd', 'e', 'f'] }],
    ['TAG_DUPLICATE', { tags: ['#a', 'a'] }],
    ['TAG_SYMBOLS_ONLY', { tags: ['!!!'] }],
    ['VALIDATION_FAILED', { maxOffersAllowed: 0 }],
    ['VALIDATION_FAILED', { maxOffersAllowed: 11 }],
    ['VALIDATION_FAILED', { expiresInDays: 91 }],
  ] as [AppErrorCode, Partial<TCreateBuyingRequestInput>][])('refuses with %s (%j) and writes nothing', async ([code, overrides], { db, member }) => {
    const { user, api } = await member();
    await expectAppError(api.marketplace.buyingRequests.create(requestInput(overrides)), code);
    expect(await db.db.selectFrom('buying_requests').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  test('more than 5 images is TOO_MANY_IMAGES; a key that was never uploaded is refused', async ({ services, member }) => {
    const { user, api } = await member();
    const images = await Promise.all(Array.from({ length: 6 }, () => storedUpload(services, user.id)));
    await expectAppError(api.marketplace.buyingRequests.create(requestInput({ images })), 'TOO_MANY_IMAGES');
    const ghost = newUploadKey('listing', services.clock.now());
    await expectAppError(api.marketplace.buyingRequests.create(requestInput({ images: [ghost] })), 'VALIDATION_FAILED');
    await expectAppError(api.marketplace.buyingRequests.create(requestInput({ images: ['../../etc/passwd'] })), 'VALIDATION_FAILED');
  });

  test('contact details in the title or description are refused', async ({ db, member }) => {
    const { user, api } = await member();
    await expectAppError(api.marketplace.buyingRequests.create(requestInput({ description: 'call me on 13812345678' })), 'CONTACT_INFO_DETECTED');
    await expectAppError(api.marketplace.buyingRequests.create(requestInput({ title: 'mail me: a@b.com' })), 'CONTACT_INFO_DETECTED');
    expect(await db.db.selectFrom('buying_requests').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  test('a WeChat homophone with an id in the title is refused, so it never reaches the public feed', async ({ db, services, member }) => {
    const { user, api } = await member();
    // 嘉薇 ("add WeChat" said aloud) once slipped through and sat on the feed
    const titles = ['求购徕卡 M6，嘉薇 lin_vintage88', '收老相机 绿泡泡：oldcam_lin', 'Wanted: Seiko 6139, the green app: lin_vintage88'];
    for (const title of titles) await expectAppError(api.marketplace.buyingRequests.create(requestInput({ title })), 'CONTACT_INFO_DETECTED');
    await expectAppError(
      api.marketplace.buyingRequests.create(requestInput({ description: '电话：l38OOl23456，前面138中间1234后面5678' })),
      'CONTACT_INFO_DETECTED',
    );
    expect(await db.db.selectFrom('buying_requests').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    const feed = await (await callerFor(services)).marketplace.feed.page({ type: 'buyingRequest', limit: 50 });
    const onFeed = feed.items.flatMap((item) => (item.kind === 'buyingRequest' ? [item.request.title] : []));
    expect(onFeed.filter((title) => titles.includes(title))).toEqual([]);
  });
});

describe('marketplace.buyingRequests.get', () => {
  test('a visitor sees the public detail with the requester card', async ({ services, member }) => {
    const { user, api } = await member({ nickname: 'Requester' });
    const { id } = await api.marketplace.buyingRequests.create(requestInput({ tags: ['seiko'] }));
    const visitor = await callerFor(services);
    const detail = await visitor.marketplace.buyingRequests.get({ id });
    expect(detail).toMatchObject({
      id,
      title: 'Looking for a 1970s Seiko diver',
      tags: ['#seiko'],
      status: 'open',
      acceptingOffers: true,
      activeOffersCount: 0,
      maxOffersAllowed: 3,
      requester: { id: user.id, nickname: 'Requester', avatarUrl: null, creditScore: 100, attendanceRate: 1, soldCount: 0 },
      viewer: { isOwner: false, liked: false, favorited: false, followingRequester: false, myActiveOfferId: null },
    });
    expect((await api.marketplace.buyingRequests.get({ id })).viewer.isOwner).toBe(true);
  });

  test("the viewer state shows likes, favourites, follows and the viewer's active offer", async ({ db, member }) => {
    const { user, api } = await member();
    const { id } = await api.marketplace.buyingRequests.create(requestInput());
    const other = await member();
    await db.db.insertInto('buying_request_likes').values({ user_id: other.user.id, request_id: id }).execute();
    await db.db.insertInto('buying_request_favorites').values({ user_id: other.user.id, request_id: id }).execute();
    await db.db.insertInto('user_follows').values({ follower_id: other.user.id, following_id: user.id }).execute();
    const offer = await other.api.marketplace.offers.create({ requestId: id, priceCents: 20_000 });
    expect((await other.api.marketplace.buyingRequests.get({ id })).viewer).toEqual({
      isOwner: false,
      liked: true,
      favorited: true,
      followingRequester: true,
      myActiveOfferId: offer.id,
    });
  });

  test('an active request past its expiry reads expired and no longer accepts offers', async ({ services, member }) => {
    const { api } = await member();
    const { id } = await api.marketplace.buyingRequests.create(requestInput({ expiresInDays: 1 }));
    services.clock.advance(24 * 3600 * 1000 + 1);
    try {
      const detail = await api.marketplace.buyingRequests.get({ id });
      expect(detail).toMatchObject({ status: 'expired', acceptingOffers: false });
      const seller = await member();
      await expectAppError(seller.api.marketplace.offers.create({ requestId: id, priceCents: 20_000 }), 'REQUEST_NOT_OPEN');
      await expectAppError(api.marketplace.buyingRequests.close({ id }), 'REQUEST_NOT_OPEN');
    } finally {
      services.clock.advance(-(24 * 3600 * 1000 + 1));
    }
  });

  test('an unknown id is BUYING_REQUEST_NOT_FOUND', async ({ services }) => {
    const visitor = await callerFor(services);
    await expectAppError(visitor.marketplace.buyingRequests.get({ id: crypto.randomUUID() }), 'BUYING_REQUEST_NOT_FOUND');
  });
});

describe('marketplace.buyingRequests.update', () => {
  test('the owner replaces the fields; removed images leave storage', async ({ services, member }) => {
    const { user, api } = await member();
    const [keep, drop, add] = await Promise.all([storedUpload(services, user.id), storedUpload(services, user.id), storedUpload(services, user.id)]);
    const { id } = await api.marketplace.buyingRequests.create(requestInput({ images: [keep, drop] }));
    const updated = await api.marketplace.buyingRequests.update({
      id,
      title: 'New title',
      description: 'New description',
      category: 'service',
      images: [keep, add],
      tags: ['new'],
      budgetMinCents: null,
      budgetMaxCents: 900,
    });
    expect(updated).toMatchObject({
      title: 'New title',
      description: 'New description',
      category: 'service',
      images: [keep, add],
      tags: ['#new'],
      budgetMinCents: null,
      budgetMaxCents: 900,
    });
    const storage = storageFor(services);
    expect(await storage.exists(drop)).toBe(false);
    expect(await storage.exists(keep)).toBe(true);
  });

  test('anyone else is refused with EDIT_FORBIDDEN and nothing changes', async ({ db, member }) => {
    const { api } = await member();
    const { id } = await api.marketplace.buyingRequests.create(requestInput());
    const other = await member();
    await expectAppError(other.api.marketplace.buyingRequests.update({ id, title: 'Mine now', description: 'x' }), 'EDIT_FORBIDDEN');
    expect((await requestRow(db, id))!.title).toBe('Looking for a 1970s Seiko diver');
  });

  test('edit rules: title and description required, max above min, no contact details', async ({ db, member }) => {
    const { api } = await member();
    const { id } = await api.marketplace.buyingRequests.create(requestInput());
    const base = { id, title: 'T', description: 'D' };
    await expectAppError(api.marketplace.buyingRequests.update({ ...base, title: ' ' }), 'TITLE_REQUIRED');
    await expectAppError(api.marketplace.buyingRequests.update({ ...base, description: ' ' }), 'DESCRIPTION_REQUIRED');
    await expectAppError(api.marketplace.buyingRequests.update({ ...base, budgetMinCents: 500, budgetMaxCents: 500 }), 'BUDGET_INVALID');
    await expectAppError(api.marketplace.buyingRequests.update({ ...base, budgetMinCents: -1 }), 'BUDGET_INVALID');
    await expectAppError(api.marketplace.buyingRequests.update({ ...base, description: 'wx: 13912345678' }), 'CONTACT_INFO_DETECTED');
    expect((await requestRow(db, id))!.title).toBe('Looking for a 1970s Seiko diver');
  });

  test('a closed request can no longer be edited', async ({ member }) => {
    const { api } = await member();
    const { id } = await api.marketplace.buyingRequests.create(requestInput());
    await api.marketplace.buyingRequests.close({ id });
    await expectAppError(api.marketplace.buyingRequests.update({ id, title: 'T', description: 'D' }), 'REQUEST_NOT_OPEN');
  });
});

describe('marketplace.buyingRequests.delete and close', () => {
  test('the owner deletes a request with its offers and images', async ({ db, services, member }) => {
    const { user, api } = await member();
    const image = await storedUpload(services, user.id);
    const { id } = await api.marketplace.buyingRequests.create(requestInput({ images: [image] }));
    const seller = await member();
    const offer = await seller.api.marketplace.offers.create({ requestId: id, priceCents: 20_000 });
    const other = await member();
    await expectAppError(other.api.marketplace.buyingRequests.delete({ id }), 'EDIT_FORBIDDEN');
    expect(await api.marketplace.buyingRequests.delete({ id })).toEqual({ deleted: true });
    expect(await requestRow(db, id)).toBeUndefined();
    expect(await db.db.selectFrom('buying_offers').select('id').where('id', '=', offer.id).execute()).toEqual([]);
    expect(await storageFor(services).exists(image)).toBe(false);
    await expectAppError(api.marketplace.buyingRequests.get({ id }), 'BUYING_REQUEST_NOT_FOUND');
  });

  test('close: owner only, from an active status; active offers are rejected with it', async ({ member }) => {
    const { api } = await member();
    const { id } = await api.marketplace.buyingRequests.create(requestInput());
    const seller = await member();
    const offer = await seller.api.marketplace.offers.create({ requestId: id, priceCents: 20_000 });
    await expectAppError(seller.api.marketplace.buyingRequests.close({ id }), 'EDIT_FORBIDDEN');
    const closed = await api.marketplace.buyingRequests.close({ id });
    expect(closed).toMatchObject({ status: 'closed', activeOffersCount: 0, acceptingOffers: false });
    const [after] = await api.marketplace.offers.forRequest({ requestId: id });
    expect(after).toMatchObject({ id: offer.id, status: 'rejected' });
    await expectAppError(api.marketplace.buyingRequests.close({ id }), 'REQUEST_NOT_OPEN');
    await expectAppError(seller.api.marketplace.offers.create({ requestId: id, priceCents: 20_000 }), 'REQUEST_NOT_OPEN');
  });
});

describe('marketplace.buyingRequests.recordView', () => {
  test('one view per member and per visitor key; visitors without a key are not counted', async ({ db, services, member }) => {
    const { api } = await member();
    const { id } = await api.marketplace.buyingRequests.create(requestInput());
    const viewer = await member();
    expect(await viewer.api.marketplace.buyingRequests.recordView({ id })).toEqual({ counted: true, viewCount: 1 });
    expect(await viewer.api.marketplace.buyingRequests.recordView({ id, visitorKey: 'another-key' })).toEqual({ counted: false, viewCount: 1 });
    const visitor = await callerFor(services);
    expect(await visitor.marketplace.buyingRequests.recordView({ id, visitorKey: 'session-aaaa' })).toEqual({ counted: true, viewCount: 2 });
    expect(await visitor.marketplace.buyingRequests.recordView({ id, visitorKey: 'session-aaaa' })).toEqual({ counted: false, viewCount: 2 });
    // a visitor cannot pre-empt a member's view by sending their id as the key
    const third = await member();
    expect(await visitor.marketplace.buyingRequests.recordView({ id, visitorKey: third.user.id })).toMatchObject({ counted: true });
    expect(await third.api.marketplace.buyingRequests.recordView({ id })).toEqual({ counted: true, viewCount: 4 });
    expect(await visitor.marketplace.buyingRequests.recordView({ id })).toEqual({ counted: false, viewCount: 4 });
    const views = await db.db.selectFrom('buying_request_views').selectAll().where('request_id', '=', id).execute();
    expect(views).toHaveLength(4);
    expect(views.find((v) => v.viewer_key === viewer.user.id)).toMatchObject({ viewer_id: viewer.user.id });
    expect((await api.marketplace.buyingRequests.get({ id })).viewCount).toBe(4);
  });
});

describe('marketplace.buyingRequests.report', () => {
  test("stores a complaint without an order; details optional; never one's own", async ({ db, services, member }) => {
    const { user, api } = await member();
    const { id } = await api.marketplace.buyingRequests.create(requestInput());
    const reporter = await member();
    const first = await reporter.api.marketplace.buyingRequests.report({ id, reason: 'spam' });
    const second = await reporter.api.marketplace.buyingRequests.report({ id, reason: 'other', details: ' sells fakes ' });
    const rows = await db.db.selectFrom('complaints').selectAll().where('buying_request_id', '=', id).orderBy('created_at').execute();
    expect(rows.map((r) => ({ id: r.id, type: r.type, reason: r.reason, order: r.order_id, target: r.target_user_id, by: r.reporter_id }))).toEqual(
      expect.arrayContaining([
        { id: first.id, type: 'buying_request:spam', reason: 'spam', order: null, target: user.id, by: reporter.user.id },
        { id: second.id, type: 'buying_request:other', reason: 'sells fakes', order: null, target: user.id, by: reporter.user.id },
      ]),
    );
    await expectAppError(api.marketplace.buyingRequests.report({ id, reason: 'fraud' }), 'CANNOT_REPORT_OWN');
    await expectAppError(reporter.api.marketplace.buyingRequests.report({ id, reason: 'nonsense' as 'spam' }), 'VALIDATION_FAILED');
    const visitor = await callerFor(services);
    await expectAppError(visitor.marketplace.buyingRequests.report({ id, reason: 'spam' }), 'LOGIN_REQUIRED');
  });
});

describe('marketplace.buyingRequests.mine', () => {
  test("lists only the caller's requests, newest first, with their offers", async ({ services, member }) => {
    const { api } = await member();
    const older = await api.marketplace.buyingRequests.create(requestInput({ title: 'Older' }));
    services.clock.advance(1000);
    const newer = await api.marketplace.buyingRequests.create(requestInput({ title: 'Newer' }));
    const seller = await member({ nickname: 'Seller' });
    await seller.api.marketplace.offers.create({ requestId: older.id, priceCents: 12_345, message: 'mint' });
    const mine = await api.marketplace.buyingRequests.mine();
    expect(mine.map((r) => r.id)).toEqual([newer.id, older.id]);
    expect(mine[1]!.offers).toHaveLength(1);
    expect(mine[1]!.offers[0]).toMatchObject({ priceCents: 12_345, message: 'mint', seller: { nickname: 'Seller' } });
    expect(await seller.api.marketplace.buyingRequests.mine()).toEqual([]);
  });
});
