import { createTRPCClient, httpBatchLink } from '@trpc/client';
import superjson from 'superjson';
import type { TFeedPage, TFeedPageInput } from '@curio/shared';
import { describe, expect, startServerPair, test, type ServerPair } from '../../helpers/fixtures.ts';
import { onRealPostgres, type TestDatabase } from '../../helpers/test-db.ts';
import { callerFor, createTestServices, type TestServices } from '../../helpers/services.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { eventually } from '../../helpers/eventually.ts';
import { settleEvents } from '../../helpers/database-probes.ts';
import { insertListing, insertRequest } from './fixtures.ts';
import { createEventBus } from '../../../server/src/realtime/create-event-bus.ts';
import { FEED_CACHE_MS } from '../../../server/src/config.ts';
import { feedPageCache } from '../../../server/src/domain/feed/feed-page-cache.ts';
import { banUser, liftBan } from '../../../server/src/domain/accounts/ban-user.ts';
import type { AppRouter } from '../../../server/src/trpc/app-router.ts';
import type { EventBus } from '../../../server/src/realtime/events.ts';

/**
 * The shared feed cache (ADR 0039): a page is served from memory until a change to what the feed
 * shows reaches the process through the event bus (database triggers, so every writer counts),
 * or until its TTL passes; unsearched GETs carry an ETag and a matching If-None-Match gets 304.
 */

const ids = (page: TFeedPage) => page.items.map((item) => (item.kind === 'listing' ? item.listing.id : item.request.id));
const FIRST_PAGE = { type: 'all', category: 'all', sort: 'latest', limit: 20 } as const;

/** Services of the file's database with the cache on and the bus that hears its triggers. */
async function cachedServices(db: TestDatabase): Promise<TestServices & { events: EventBus }> {
  const base = createTestServices(db);
  await base.events.close();
  return { ...base, config: { ...base.config, feedCacheMs: FEED_CACHE_MS }, events: await createEventBus(db) } as TestServices & { events: EventBus };
}

const settle = settleEvents;

describe('the feed cache in one process', () => {
  let services: TestServices;
  let sellerId: string;
  const start = new Date('2026-11-21T07:00:00Z');
  let minute = 0;
  const next = () => new Date(start.getTime() + ++minute * 60_000);

  test.beforeAll(async ({ db }) => {
    services = await cachedServices(db);
    sellerId = (await insertTestUser(db.db)).id;
    await insertListing(db.db, { sellerId, title: 'first lamp', createdAt: next() });
    await settle(services);
  });
  test.afterAll(() => services?.events.close());

  const page = async (input: TFeedPageInput = FIRST_PAGE) => (await callerFor(services)).marketplace.feed.page(input);

  test('a second visitor gets the page loaded for the first, not a new load', async () => {
    const cache = feedPageCache(services);
    const first = await cache.get(FIRST_PAGE);
    const second = await cache.get(FIRST_PAGE);
    expect(second).toBe(first);
    expect(await page()).toBe(first.page);
  });

  test('concurrent misses share one load', async () => {
    const cache = feedPageCache(services);
    cache.clear();
    const [a, b, c] = await Promise.all([cache.get(FIRST_PAGE), cache.get(FIRST_PAGE), cache.get(FIRST_PAGE)]);
    expect(b).toBe(a);
    expect(c).toBe(a);
  });

  test('a published listing shows on the next page once the trigger reaches the bus', async () => {
    await page();
    const id = await insertListing(services.db, { sellerId, title: 'new teapot', createdAt: next() });
    await eventually(() => feedPageCache(services).size === 0);
    expect(ids(await page())[0]).toBe(id);
  });

  test('a sold, taken down or bought-out listing and a closed request leave the cached page', async () => {
    const sold = await insertListing(services.db, { sellerId, title: 'to be sold', createdAt: next() });
    const takenDown = await insertListing(services.db, { sellerId, title: 'to be taken down', createdAt: next() });
    const boughtOut = await insertListing(services.db, { sellerId, title: 'last one', quantity: 1, createdAt: next() });
    const request = await insertRequest(services.db, { userId: sellerId, title: 'wanted: a kettle', createdAt: next() });
    const shownNow = async () => ids(await page());
    await eventually(() => feedPageCache(services).size === 0);
    expect(await shownNow()).toEqual(expect.arrayContaining([sold, takenDown, boughtOut, request]));

    await services.db.updateTable('listings').set({ status: 'sold' }).where('id', '=', sold).execute();
    await eventually(() => feedPageCache(services).size === 0);
    expect(await shownNow()).not.toContain(sold);

    await services.db.updateTable('listings').set({ status: 'unavailable' }).where('id', '=', takenDown).execute();
    await eventually(() => feedPageCache(services).size === 0);
    expect(await shownNow()).not.toContain(takenDown);

    await services.db.updateTable('listings').set({ quantity: 0 }).where('id', '=', boughtOut).execute();
    await eventually(() => feedPageCache(services).size === 0);
    const card = (await page()).items.find((item) => item.kind === 'listing' && item.listing.id === boughtOut);
    expect(card?.kind === 'listing' && card.listing.soldOut).toBe(true);

    await services.db.updateTable('buying_requests').set({ status: 'closed' }).where('id', '=', request).execute();
    await eventually(() => feedPageCache(services).size === 0);
    expect(await shownNow()).not.toContain(request);
  });

  test("a ban takes its member's cards out of the cached page, and lifting it brings them back (rule F-2)", async () => {
    const banned = (await insertTestUser(services.db)).id;
    const admin = (await insertTestUser(services.db)).id;
    const listing = await insertListing(services.db, { sellerId: banned, title: 'a banned seller lamp', createdAt: next() });
    await eventually(() => feedPageCache(services).size === 0);
    expect(ids(await page())).toContain(listing);

    await banUser(services.db, services.events, { userId: banned, bannedBy: admin, reason: 'fraud' });
    await eventually(() => feedPageCache(services).size === 0);
    expect(ids(await page())).not.toContain(listing);

    await liftBan(services.db, { userId: banned });
    await eventually(() => feedPageCache(services).size === 0);
    expect(ids(await page())).toContain(listing);
  });

  test('a counter change waits for the TTL, by the services clock', async () => {
    await settle(services);
    const [top] = (await page()).items;
    expect(top?.kind).toBe('listing');
    const id = top!.kind === 'listing' ? top!.listing.id : '';
    await services.db.updateTable('listings').set({ likes_count: 41 }).where('id', '=', id).execute();
    const likes = async () => {
      const [item] = (await page()).items;
      return item!.kind === 'listing' ? item!.listing.likesCount : null;
    };
    expect(await likes()).toBe(0);
    services.clock.advance(FEED_CACHE_MS - 1);
    expect(await likes()).toBe(0);
    services.clock.advance(1);
    expect(await likes()).toBe(41);
  });

  test('searches are loaded every time and never kept', async () => {
    const cache = feedPageCache(services);
    const sizeBefore = cache.size;
    const first = await cache.get({ ...FIRST_PAGE, q: 'teapot' });
    const second = await cache.get({ ...FIRST_PAGE, q: 'teapot' });
    expect(second).not.toBe(first);
    expect(second.page).toEqual(first.page);
    expect(cache.size).toBe(sizeBefore);
    const found = await page({ ...FIRST_PAGE, q: 'teapot' });
    expect(found.items).toHaveLength(1);
  });
});

describe('feed GETs over HTTP', () => {
  const url = (origin: string, input: TFeedPageInput, batch = false) =>
    batch
      ? `${origin}/trpc/marketplace.feed.page?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: superjson.serialize(input) }))}`
      : `${origin}/trpc/marketplace.feed.page?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`;

  test('answer with an ETag, 304 for a matching If-None-Match, and 200 with the new page after a change', async ({ server, db }) => {
    const sellerId = (await insertTestUser(db.db)).id;
    await insertListing(db.db, { sellerId, title: 'http lamp', createdAt: new Date('2026-11-21T07:00:00Z') });
    await settle(server.services);

    const first = await fetch(url(server.url, FIRST_PAGE));
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const body = (await first.json()) as { result: { data: Parameters<typeof superjson.deserialize>[0] } };
    // the same page the procedure answers, in tRPC's own shape
    expect(superjson.deserialize(body.result.data)).toEqual(await (await callerFor(server.services)).marketplace.feed.page(FIRST_PAGE));

    const again = await fetch(url(server.url, FIRST_PAGE), { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);

    const id = await insertListing(db.db, { sellerId, title: 'http teapot', createdAt: new Date('2026-11-21T07:30:00Z') });
    await eventually(() => feedPageCache(server.services).size === 0);
    const changed = await fetch(url(server.url, FIRST_PAGE), { headers: { 'If-None-Match': etag! } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    const changedBody = (await changed.json()) as { result: { data: Parameters<typeof superjson.deserialize>[0] } };
    expect(ids(superjson.deserialize<TFeedPage>(changedBody.result.data))[0]).toBe(id);
  });

  test('a search is answered before tRPC too, and shows a new listing at once', async ({ server, db }) => {
    const sellerId = (await insertTestUser(db.db)).id;
    const search = { ...FIRST_PAGE, q: 'moonstone' };
    const before = await fetch(url(server.url, search));
    expect(before.status).toBe(200);
    // the ETag is the fast path's: tRPC's own answers carry none
    expect(before.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    const id = await insertListing(db.db, { sellerId, title: 'moonstone ring', createdAt: new Date('2026-11-01T08:00:00Z') });
    // no waiting for the feed-changed event: searches are never served from the cache
    const after = await fetch(url(server.url, search));
    const body = (await after.json()) as { result: { data: Parameters<typeof superjson.deserialize>[0] } };
    expect(ids(superjson.deserialize<TFeedPage>(body.result.data))).toEqual([id]);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });

  test("the browser's batch link reads the cached answer as it reads tRPC's", async ({ server }) => {
    const client = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${server.url}/trpc`, transformer: superjson })] });
    const viaLink = await client.marketplace.feed.page.query(FIRST_PAGE);
    const direct = await fetch(url(server.url, FIRST_PAGE, true));
    expect(direct.headers.get('etag')).toBeTruthy();
    expect(viaLink).toEqual(await (await callerFor(server.services)).marketplace.feed.page(FIRST_PAGE));
    // a refusal still comes from tRPC
    await expect(client.marketplace.feed.page.query({ ...FIRST_PAGE, limit: 10_000 })).rejects.toThrow();
  });
});

const realPostgres = onRealPostgres();

describe.skipIf(!realPostgres)('two server processes on one database', () => {
  let servers: ServerPair;
  let dbOfFile: TestDatabase;

  test.beforeAll(async ({ db }) => {
    dbOfFile = db;
    servers = await startServerPair(db);
  });
  test.afterAll(() => servers?.close());

  test('a listing published through one process drops the page cached by the other', async () => {
    const page = async (origin: string) => {
      const response = await fetch(`${origin}/trpc/marketplace.feed.page?input=${encodeURIComponent(JSON.stringify(superjson.serialize(FIRST_PAGE)))}`);
      const body = (await response.json()) as { result: { data: Parameters<typeof superjson.deserialize>[0] } };
      return superjson.deserialize<TFeedPage>(body.result.data);
    };
    const sellerId = (await insertTestUser(dbOfFile.db)).id;
    await settle(servers.a.services);
    await page(servers.a.url);
    expect(feedPageCache(servers.a.services).size).toBe(1);

    const id = await insertListing(servers.b.services.db, { sellerId, title: 'from process b', createdAt: new Date('2026-11-21T07:45:00Z') });
    await eventually(() => feedPageCache(servers.a.services).size === 0);
    expect(ids(await page(servers.a.url))[0]).toBe(id);
  });
});
