import { afterAll, beforeAll, expect, test } from 'vitest';
import { TRPCError } from '@trpc/server';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-db.ts';
import { callerFor, createTestServices, type TestServices } from '../../helpers/services.ts';
import { insertTestUser, type TestUser } from '../../helpers/users.ts';

let db: TestDatabase;
let services: TestServices;
let seller: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  db = await createTestDatabase();
  services = createTestServices(db);
  seller = await insertTestUser(db.db, { nickname: '收藏家小林' });
  buyer = await insertTestUser(db.db, { nickname: 'Mika' });
});

afterAll(async () => {
  await db?.close();
});

const KEY_A = 'listing/2026/11/0b8c3d5e-1111-4222-8333-944455556666.webp';
const KEY_B = 'listing/2026/11/1b8c3d5e-1111-4222-8333-944455556666.webp';

async function insertListing(values: {
  title: string;
  minutesAgo: number;
  status?: string;
  anonymous?: boolean;
  images?: string[];
  originalPriceCents?: number;
}): Promise<string> {
  const row = await db.db
    .insertInto('listings')
    .values({
      seller_id: seller.id,
      title: values.title,
      description: '描述',
      category: 'goods',
      price_cents: 12_345,
      original_price_cents: values.originalPriceCents ?? null,
      unit: 'piece',
      quantity: 1,
      status: values.status ?? 'available',
      is_anonymous: values.anonymous ?? false,
      images: values.images ?? [],
      likes_count: 4,
      favorites_count: 2,
      created_at: new Date(services.clock.now().getTime() - values.minutesAgo * 60_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertRequest(values: {
  title: string;
  minutesAgo: number;
  status?: string;
  expiresInMinutes?: number | null;
  budget?: [number | null, number | null];
}): Promise<string> {
  const row = await db.db
    .insertInto('buying_requests')
    .values({
      user_id: buyer.id,
      title: values.title,
      description: '想要',
      category: null,
      budget_min_cents: values.budget?.[0] ?? null,
      budget_max_cents: values.budget?.[1] ?? null,
      status: values.status ?? 'open',
      active_offers_count: 1,
      created_at: new Date(services.clock.now().getTime() - values.minutesAgo * 60_000),
      expires_at:
        values.expiresInMinutes === undefined || values.expiresInMinutes === null
          ? null
          : new Date(services.clock.now().getTime() + values.expiresInMinutes * 60_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

test('an empty marketplace answers two empty lists', async () => {
  const caller = await callerFor(services);
  expect(await caller.marketplace.latest()).toEqual({ listings: [], buyingRequests: [] });
});

test('visitors see available listings and open, unexpired requests, newest first, shaped as cards', async () => {
  const older = await insertListing({ title: '老相机', minutesAgo: 30, images: [KEY_A, KEY_B], originalPriceCents: 20_000 });
  const newer = await insertListing({ title: '匿名陨石', minutesAgo: 10, anonymous: true });
  await insertListing({ title: '已售出', minutesAgo: 5, status: 'sold' });
  await insertListing({ title: '已下架', minutesAgo: 4, status: 'unavailable' });

  const openOld = await insertRequest({ title: '求购旧车票', minutesAgo: 50, budget: [1_000, 5_000] });
  const openNew = await insertRequest({ title: '求修老照片', minutesAgo: 20, expiresInMinutes: 60, budget: [null, 8_000] });
  await insertRequest({ title: '已关闭', minutesAgo: 3, status: 'closed' });
  await insertRequest({ title: '已成交', minutesAgo: 2, status: 'deal_made' });
  await insertRequest({ title: '已过期未清理', minutesAgo: 1, expiresInMinutes: -1 });

  const caller = await callerFor(services, buyer.id);
  const { listings, buyingRequests } = await caller.marketplace.latest({});
  expect(listings.map((l) => l.id)).toEqual([newer, older]);
  expect(buyingRequests.map((r) => r.id)).toEqual([openNew, openOld]);

  expect(listings[1]).toEqual({
    id: older,
    title: '老相机',
    priceCents: 12_345,
    originalPriceCents: 20_000,
    coverUrl: `/uploads/${KEY_A}`,
    category: 'goods',
    likesCount: 4,
    favoritesCount: 2,
    status: 'available',
    sellerNickname: '收藏家小林',
    createdAt: new Date(services.clock.now().getTime() - 30 * 60_000),
  });
  expect(listings[0]).toMatchObject({ sellerNickname: null, coverUrl: null, originalPriceCents: null });
  expect(buyingRequests[0]).toEqual({
    id: openNew,
    title: '求修老照片',
    budgetMinCents: null,
    budgetMaxCents: 8_000,
    activeOffersCount: 1,
    maxOffersAllowed: 3,
    category: null,
    createdAt: new Date(services.clock.now().getTime() - 20 * 60_000),
  });
  // the card never carries private or seller-identifying fields beyond the nickname
  expect(Object.keys(listings[0]!)).not.toContain('sellerId');
});

test('limit caps each list; a limit outside 1..50 is refused', async () => {
  const caller = await callerFor(services);
  const { listings, buyingRequests } = await caller.marketplace.latest({ limit: 1 });
  expect(listings).toHaveLength(1);
  expect(buyingRequests).toHaveLength(1);
  for (const limit of [0, 51, 2.5]) {
    await expect(caller.marketplace.latest({ limit })).rejects.toBeInstanceOf(TRPCError);
  }
});
