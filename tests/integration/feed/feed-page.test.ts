import { FEED_SORTS, FEED_TYPES, type TFeedItem, type TFeedPageInput, type TFeedSort } from '@curio/shared';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import type { TestDatabase } from '../../helpers/test-db.ts';
import { callerFor, type TestServices } from '../../helpers/services.ts';
import { insertListing, insertRequest, minutesBefore } from './fixtures.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

let db: TestDatabase;
let services: TestServices;
let sellerId: string;

/** What the feed should show, with the keys it orders by. */
interface Shown {
  id: string;
  kind: TFeedItem['kind'];
  createdAt: Date;
  likes: number;
  favorites: number;
  hot: number;
  category: 'goods' | 'service' | null;
}
const shown: Shown[] = [];
const hidden: string[] = [];
const ids: Record<string, string> = {};

const idOf = (item: TFeedItem) => (item.kind === 'listing' ? item.listing.id : item.request.id);

function sortKey(item: Shown, sort: TFeedSort): number {
  if (sort === 'hot') return item.hot;
  if (sort === 'likes') return item.likes;
  if (sort === 'favorites') return item.favorites;
  return 0;
}

/** (sort key, created_at, id) descending: the order ADR 0010 promises. */
function expectedOrder(items: Shown[], sort: TFeedSort): string[] {
  return [...items]
    .sort((a, b) => sortKey(b, sort) - sortKey(a, sort) || b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .map((item) => item.id);
}

function ofType(type: (typeof FEED_TYPES)[number]): Shown[] {
  return shown.filter((item) => type === 'all' || item.kind === type);
}

async function feed(input: TFeedPageInput) {
  const caller = await callerFor(services);
  return caller.marketplace.feed.page(input);
}

/** Every page from the first to the last, following nextCursor. */
async function allPages(input: Omit<TFeedPageInput, 'cursor'>): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const page = await feed({ ...input, cursor });
    seen.push(...page.items.map(idOf));
    if (!page.nextCursor) return seen;
    cursor = page.nextCursor;
  }
  throw new Error('paging did not end');
}

async function search(q: string): Promise<string[]> {
  const page = await feed({ q, limit: 50 });
  return page.items.map(idOf);
}

const BASE = new Date('2026-11-21T07:00:00Z');

test.beforeAll(async ({ db: fileDb, services: fileServices, member }) => {
  db = fileDb;
  services = fileServices;
  sellerId = (await member({ nickname: '小林' })).id;

  const listing = async (name: string, fixture: Omit<Parameters<typeof insertListing>[1], 'sellerId'>): Promise<void> => {
    const id = await insertListing(db.db, { sellerId, ...fixture });
    ids[name] = id;
    if ((fixture.status ?? 'available') === 'available') {
      shown.push({
        id,
        kind: 'listing',
        createdAt: fixture.createdAt,
        likes: fixture.likes ?? 0,
        favorites: fixture.favorites ?? 0,
        hot: fixture.purchases ?? 0,
        category: fixture.category ?? 'goods',
      });
    } else hidden.push(id);
  };
  const request = async (name: string, fixture: Omit<Parameters<typeof insertRequest>[1], 'userId'>, visible = true): Promise<void> => {
    const id = await insertRequest(db.db, { userId: sellerId, ...fixture });
    ids[name] = id;
    if (visible) {
      shown.push({
        id,
        kind: 'buyingRequest',
        createdAt: fixture.createdAt,
        likes: fixture.likes ?? 0,
        favorites: fixture.favorites ?? 0,
        hot: fixture.offers ?? 0,
        category: fixture.category === undefined ? 'goods' : fixture.category,
      });
    } else hidden.push(id);
  };

  await listing('camera', { title: '徕卡古董相机', createdAt: minutesBefore(BASE, 1), likes: 9, favorites: 2, purchases: 3 });
  await listing('leica', { title: 'Vintage Leica Camera M3', createdAt: minutesBefore(BASE, 2), likes: 9, favorites: 7, purchases: 0 });
  await listing('teapot', {
    title: '宜兴老壶',
    description: '清代紫砂名家旧藏，品相完好',
    createdAt: minutesBefore(BASE, 3),
    likes: 4,
    favorites: 7,
    purchases: 3,
  });
  await listing('vinyl', { title: '老唱片一张', tags: ['#黑胶', '#爵士'], createdAt: minutesBefore(BASE, 4), likes: 0, favorites: 1 });
  await listing('appraisal', {
    title: 'Porcelain appraisal by letter',
    category: 'service',
    createdAt: minutesBefore(BASE, 5),
    likes: 2,
    purchases: 8,
  });
  await listing('anonymous', { title: '匿名出售的怀表', anonymous: true, createdAt: minutesBefore(BASE, 6), likes: 1 });
  await listing('soldOutStock', { title: 'Last one gone', quantity: 0, createdAt: minutesBefore(BASE, 7) });
  // two listings at the same instant: only the id separates them
  await listing('twinA', { title: 'Twin stamp A', createdAt: minutesBefore(BASE, 8), likes: 3 });
  await listing('twinB', { title: 'Twin stamp B', createdAt: minutesBefore(BASE, 8), likes: 3 });
  await listing('sold', { title: '已售出的相机', status: 'sold', createdAt: minutesBefore(BASE, 1), likes: 50 });
  await listing('unavailable', { title: 'Withdrawn camera', status: 'unavailable', createdAt: minutesBefore(BASE, 1) });
  for (let n = 0; n < 18; n++) {
    await listing(`filler${n}`, {
      title: `Filler curio ${n}`,
      category: n % 3 === 0 ? 'service' : 'goods',
      createdAt: minutesBefore(BASE, 30 + n),
      likes: n % 4,
      favorites: n % 5,
      purchases: n % 3,
    });
  }

  const expiresLater = new Date(services.clock.now().getTime() + 86_400_000);
  const expiredBefore = new Date(services.clock.now().getTime() - 60_000);
  await request('pen', { title: '求购老式钢笔', createdAt: minutesBefore(BASE, 0.5), offers: 5, likes: 9, favorites: 7 });
  await request('stamps', { title: 'Wanted: Penny Black stamps', category: null, createdAt: minutesBefore(BASE, 2.5), offers: 8 });
  await request('tutor', { title: '找人教古琴', category: 'service', createdAt: minutesBefore(BASE, 9), offers: 1, likes: 4 });
  await request('later', { title: 'Wanted: brass compass', expiresAt: expiresLater, createdAt: minutesBefore(BASE, 10), favorites: 3 });
  await request('closed', { title: '已关闭的求购相机', status: 'closed', createdAt: minutesBefore(BASE, 1) }, false);
  await request('expired', { title: '过期的求购相机', expiresAt: expiredBefore, createdAt: minutesBefore(BASE, 1) }, false);
  // active requests stay in the feed when full or under negotiation; a deal takes one out
  await request('negotiating', { title: '协商中的求购', status: 'in_negotiation', createdAt: minutesBefore(BASE, 11) });
  await request('full', { title: '报价已满的求购', status: 'offer_limit_reached', createdAt: minutesBefore(BASE, 12) });
  await request('dealMade', { title: '已成交的求购', status: 'deal_made', createdAt: minutesBefore(BASE, 1) }, false);
  await request('fullExpired', { title: '报价已满但过期', status: 'offer_limit_reached', expiresAt: expiredBefore, createdAt: minutesBefore(BASE, 1) }, false);
});

describe('marketplace.feed.page', () => {
  test('shows only available listings and active, unexpired buying requests', async () => {
    const seen = await allPages({ limit: 50 });
    expect(new Set(seen)).toEqual(new Set(shown.map((item) => item.id)));
    for (const id of hidden) expect(seen).not.toContain(id);
  });

  test.each(FEED_SORTS)('sort %s merges listings and requests into one server-side order', async (sort) => {
    const page = await feed({ sort, limit: 50 });
    expect(page.items.map(idOf)).toEqual(expectedOrder(shown, sort));
    expect(page.nextCursor).toBeNull();
  });

  test('type filters keep one kind', async () => {
    const listings = await feed({ type: 'listing', limit: 50 });
    expect(listings.items.every((item) => item.kind === 'listing')).toBe(true);
    expect(listings.items.map(idOf)).toEqual(expectedOrder(ofType('listing'), 'latest'));
    const requests = await feed({ type: 'buyingRequest', limit: 50 });
    expect(requests.items.every((item) => item.kind === 'buyingRequest')).toBe(true);
    expect(requests.items.map(idOf)).toEqual(expectedOrder(ofType('buyingRequest'), 'latest'));
  });

  test('category filters keep goods or services (a request without category matches neither)', async () => {
    for (const category of ['goods', 'service'] as const) {
      const page = await feed({ category, sort: 'likes', limit: 50 });
      expect(page.items.map(idOf)).toEqual(
        expectedOrder(
          shown.filter((item) => item.category === category),
          'likes',
        ),
      );
    }
    expect((await feed({ category: 'goods', limit: 50 })).items.map(idOf)).not.toContain(ids.stamps);
  });

  test.each(FEED_TYPES.flatMap((type) => FEED_SORTS.map((sort) => [type, sort] as const)))(
    'paging %s by %s returns every item exactly once, in order',
    async (type, sort) => {
      const seen = await allPages({ type, sort, limit: 4 });
      expect(seen).toEqual(expectedOrder(ofType(type), sort));
    },
  );

  test('cards carry what the card shows and hide anonymous sellers', async () => {
    const page = await feed({ limit: 50 });
    const cards = new Map(page.items.map((item) => [idOf(item), item]));
    const camera = cards.get(ids.camera!);
    expect(camera?.kind === 'listing' && camera.listing).toMatchObject({
      title: '徕卡古董相机',
      priceCents: 12_345,
      likesCount: 9,
      favoritesCount: 2,
      sellerNickname: '小林',
      sellerId,
      soldOut: false,
      purchaseCount: 3,
    });
    const anonymous = cards.get(ids.anonymous!);
    expect(anonymous?.kind === 'listing' && anonymous.listing).toMatchObject({ sellerNickname: null, sellerId: null });
    const gone = cards.get(ids.soldOutStock!);
    expect(gone?.kind === 'listing' && gone.listing.soldOut).toBe(true);
    const pen = cards.get(ids.pen!);
    expect(pen?.kind === 'buyingRequest' && pen.request).toMatchObject({
      title: '求购老式钢笔',
      offerCount: 5,
      maxOffersAllowed: 3,
      requesterNickname: '小林',
    });
  });

  test('the default page holds 20 items; 1 and 50 are allowed; 0 and 51 are refused', async () => {
    expect(shown.length).toBeGreaterThan(20);
    expect((await feed({})).items).toHaveLength(20);
    expect((await feed({ limit: 1 })).items).toHaveLength(1);
    expect((await feed({ limit: 50 })).items).toHaveLength(shown.length);
    await expectAppError(feed({ limit: 0 }), 'VALIDATION_FAILED');
    await expectAppError(feed({ limit: 51 }), 'VALIDATION_FAILED');
    await expectAppError(feed({ limit: 2.5 }), 'VALIDATION_FAILED');
  });

  test('a cursor that is not ours, or belongs to another sort, is VALIDATION_FAILED, not a 500', async () => {
    const latestCursor = (await feed({ limit: 2 })).nextCursor;
    expect(latestCursor).toEqual(expect.any(String));
    const forged = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64url');
    const good = { v: 1, s: 'likes', k: 3, t: '2026-11-21T06:52:00.000000Z', i: ids.twinA };
    for (const cursor of [
      'not a cursor!',
      'e30',
      forged({ ...good, t: '2026-13-45T06:52:00.000000Z' }),
      forged({ ...good, k: -1 }),
      forged({ ...good, i: "1' OR '1'='1" }),
      forged({ ...good, k: null }),
      forged([good]),
      Buffer.from('{"v":1').toString('base64url'),
    ]) {
      await expectAppError(feed({ sort: 'likes', cursor }), 'VALIDATION_FAILED');
    }
    await expectAppError(feed({ sort: 'likes', cursor: latestCursor }), 'VALIDATION_FAILED');
    // a well-formed cursor of the right sort is accepted
    expect((await feed({ sort: 'likes', cursor: forged(good) })).items.length).toBeGreaterThan(0);
  });

  test('search is bounded to 100 characters; a blank search is no search', async () => {
    await expectAppError(feed({ q: 'x'.repeat(101) }), 'VALIDATION_FAILED');
    expect((await feed({ q: '   ', limit: 50 })).items).toHaveLength(shown.length);
  });
});

describe('search', () => {
  test('finds Chinese text in titles, descriptions and tags, down to one character', async () => {
    expect(await search('相机')).toEqual([ids.camera]);
    expect(await search('古董相')).toEqual([ids.camera]);
    expect(await search('紫砂')).toEqual([ids.teapot]);
    expect(await search('壶')).toEqual([ids.teapot]);
    expect(await search('黑胶')).toEqual([ids.vinyl]);
    expect(await search('#爵士')).toEqual([ids.vinyl]);
    expect(await search('钢笔')).toEqual([ids.pen]);
  });

  test('finds Latin text case-insensitively, with full-width letters and extra spaces folded', async () => {
    expect(await search('leica')).toEqual([ids.leica]);
    expect(await search('LEICA camera')).toEqual([ids.leica]);
    expect(await search('ｌｅｉｃａ')).toEqual([ids.leica]);
    expect(await search('  leica    camera ')).toEqual([ids.leica]);
    expect(await search('penny black')).toEqual([ids.stamps]);
    expect(await search('camera leica')).toEqual([]);
  });

  test('finds the category in Chinese and English', async () => {
    const services = shown.filter((item) => item.category === 'service').map((item) => item.id);
    expect(new Set(await search('服务'))).toEqual(new Set(services));
    expect(new Set(await search('Service'))).toEqual(new Set(services));
    expect(await search('商品')).toHaveLength(shown.filter((item) => item.category === 'goods').length);
  });

  test('never returns hidden items, and combines with the filters', async () => {
    const cameras = await search('相机');
    for (const hiddenCamera of [ids.sold, ids.closed, ids.expired]) expect(cameras).not.toContain(hiddenCamera);
    expect((await feed({ q: 'wanted', type: 'listing' })).items).toEqual([]);
    expect((await feed({ q: 'wanted', type: 'buyingRequest' })).items.map(idOf)).toEqual([ids.stamps, ids.later]);
    expect((await feed({ q: 'wanted', category: 'goods' })).items.map(idOf)).toEqual([ids.later]);
  });
});

describe('keyset pagination while items are published', () => {
  test.each(FEED_SORTS)('sort %s: page 2 neither repeats nor skips when new items arrive', async (sort) => {
    const first = await feed({ sort, limit: 5 });
    const firstIds = first.items.map(idOf);
    const inserted: { listings: string[]; requests: string[] } = { listings: [], requests: [] };
    try {
      const now = services.clock.now();
      // newer than everything, with counts both above and below the page boundary
      for (const [n, count] of [100, 0, 4].entries()) {
        inserted.listings.push(
          await insertListing(db.db, {
            sellerId,
            title: `Just published ${n}`,
            createdAt: new Date(now.getTime() - n * 1000),
            likes: count,
            favorites: count,
            purchases: count,
          }),
        );
      }
      inserted.requests.push(await insertRequest(db.db, { userId: sellerId, title: 'Just asked', createdAt: now, offers: 0, likes: 0 }));

      const rest: string[] = [];
      let cursor = first.nextCursor;
      while (cursor) {
        const page = await feed({ sort, limit: 5, cursor });
        rest.push(...page.items.map(idOf));
        cursor = page.nextCursor;
      }
      const original = expectedOrder(shown, sort);
      const newIds = new Set([...inserted.listings, ...inserted.requests]);
      expect(firstIds).toEqual(original.slice(0, 5));
      // every item seen once; the old ones exactly in their old order
      expect(new Set([...firstIds, ...rest]).size).toBe(firstIds.length + rest.length);
      expect(rest.filter((id) => !newIds.has(id))).toEqual(original.slice(5));
      if (sort === 'latest') expect(rest.filter((id) => newIds.has(id))).toEqual([]);
    } finally {
      await db.db.deleteFrom('listings').where('id', 'in', inserted.listings).execute();
      await db.db.deleteFrom('buying_requests').where('id', 'in', inserted.requests).execute();
    }
  });
});
