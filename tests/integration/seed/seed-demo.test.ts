import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { UPLOAD_KEY_PATTERN } from '@curio/shared';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-db.ts';
import { callerFor, createTestServices, type TestServices } from '../../helpers/services.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { DatabaseNotEmptyError, seedDemoMarketplace, type DemoLogin } from '../../../server/src/db/seed-demo.ts';
import { storageFor } from '../../../server/src/storage/storage-for.ts';
import { getBalances, verifyLedger } from '../../../server/src/domain/ledger/index.ts';
import { verifyPassword } from '../../../server/src/domain/accounts/passwords.ts';

let db: TestDatabase;
let services: TestServices;
let dataDir: string;
let logins: DemoLogin[];

// the services' data directory is the file's own, so every stored file in it is the seed's
test.beforeAll(async ({ db: fileDb, services: fileServices }) => {
  db = fileDb;
  services = fileServices;
  dataDir = services.config.dataDir;
  logins = await seedDemoMarketplace(services);
}, 180_000);

async function storedFileCount(): Promise<number> {
  const entries = await readdir(path.join(dataDir, 'uploads'), { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).length;
}

async function userIdOf(email: string): Promise<string> {
  const row = await db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return row.id;
}

describe('seedDemoMarketplace on a fresh database', () => {
  test('creates one admin and four members, verified, whose printed passwords sign in', async () => {
    expect(logins.filter((l) => l.role === 'admin').map((l) => l.email)).toEqual(['admin@curio.demo']);
    expect(logins.filter((l) => l.role === 'member')).toHaveLength(4);

    const users = await db.db
      .selectFrom('users')
      .innerJoin('profiles', 'profiles.user_id', 'users.id')
      .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
      .select(['users.email', 'users.password_hash', 'users.email_verified_at', 'profiles.nickname', 'profiles.preferred_language', 'user_roles.role'])
      .execute();
    // demo accounts can try every flow at once, withdrawals included
    expect(users.filter((u) => u.email_verified_at === null)).toEqual([]);
    expect(users.map((u) => u.email).sort()).toEqual(logins.map((l) => l.email).sort());
    expect(users.filter((u) => u.role === 'admin').map((u) => u.email)).toEqual(['admin@curio.demo']);
    expect(new Set(users.map((u) => u.preferred_language)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(users.map((u) => u.nickname)).size).toBe(users.length);

    for (const login of logins) {
      const user = users.find((u) => u.email === login.email)!;
      expect(await verifyPassword(user.password_hash, login.password), login.email).toBe(true);
    }
  });

  test('lists approved, available listings whose images exist in storage as WebP', async () => {
    const listings = await db.db.selectFrom('listings').selectAll().execute();
    expect(listings.length).toBeGreaterThanOrEqual(10);
    const storage = storageFor(services);
    for (const listing of listings) {
      expect(listing.status).toBe('available');
      expect(listing.review_status).toBe('approved');
      expect(listing.images.length).toBeGreaterThanOrEqual(1);
      expect(listing.images.length).toBeLessThanOrEqual(3);
      expect(listing.tags.length).toBeLessThanOrEqual(5);
      for (const tag of listing.tags) expect(tag).toMatch(/^#\S{1,20}$/);
      if (listing.original_price_cents !== null) expect(listing.original_price_cents).toBeGreaterThan(listing.price_cents);
      for (const key of listing.images) {
        expect(key).toMatch(UPLOAD_KEY_PATTERN);
        const stored = await storage.get(key);
        expect(stored, key).not.toBeNull();
        const metadata = await sharp(stored!.bytes).metadata();
        expect(metadata.format).toBe('webp');
      }
    }
    expect(await storedFileCount()).toBe(listings.reduce((sum, l) => sum + l.images.length, 0));
    // variety the home page can show: services and goods, discounts, anonymity, several units
    expect(new Set(listings.map((l) => l.category))).toEqual(new Set(['goods', 'service']));
    expect(listings.some((l) => l.original_price_cents !== null)).toBe(true);
    expect(listings.some((l) => l.is_anonymous)).toBe(true);
    expect(new Set(listings.map((l) => l.unit)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(listings.map((l) => l.warranty_days)).size).toBeGreaterThanOrEqual(3);
  });

  test('like and favourite counts are the rows behind them, so a first toggle keeps them', async () => {
    const listings = await db.db
      .selectFrom('listings')
      .select((eb) => [
        'likes_count',
        'favorites_count',
        eb.selectFrom('listing_likes').whereRef('listing_likes.listing_id', '=', 'listings.id').select(eb.fn.countAll<number>().as('n')).as('likes'),
        eb.selectFrom('user_favorites').whereRef('user_favorites.listing_id', '=', 'listings.id').select(eb.fn.countAll<number>().as('n')).as('favorites'),
      ])
      .execute();
    for (const row of listings) {
      expect(row.likes_count).toBe(Number(row.likes));
      expect(row.favorites_count).toBe(Number(row.favorites));
    }
    expect(listings.some((row) => row.likes_count > 0)).toBe(true);
    const requests = await db.db
      .selectFrom('buying_requests')
      .select((eb) => [
        'likes_count',
        eb
          .selectFrom('buying_request_likes')
          .whereRef('buying_request_likes.request_id', '=', 'buying_requests.id')
          .select(eb.fn.countAll<number>().as('n'))
          .as('likes'),
      ])
      .execute();
    for (const row of requests) expect(row.likes_count).toBe(Number(row.likes));
  });

  test('opens buying requests with sensible budgets', async () => {
    const requests = await db.db.selectFrom('buying_requests').selectAll().execute();
    expect(requests.length).toBeGreaterThanOrEqual(5);
    for (const request of requests) {
      expect(request.status).toBe('open');
      expect(request.expires_at!.getTime()).toBeGreaterThan(services.clock.now().getTime());
      if (request.budget_min_cents !== null && request.budget_max_cents !== null) {
        expect(request.budget_max_cents).toBeGreaterThan(request.budget_min_cents);
      }
    }
  });

  test('gives every account 500.00 USDN and 20 points through the ledger, which balances', async () => {
    for (const login of logins) {
      expect(await getBalances(db.db, await userIdOf(login.email)), login.email).toEqual({
        usdnAvailableCents: 50_000,
        usdnHeldCents: 0,
        usdnEscrowCents: 0,
        points: 20,
      });
    }
    const transfers = await db.db.selectFrom('ledger_transfers').select(['kind']).execute();
    expect(transfers).toHaveLength(logins.length * 2);
    expect(new Set(transfers.map((t) => t.kind))).toEqual(new Set(['demo_seed']));
    const report = await verifyLedger(db.db);
    expect(report.violations).toEqual([]);
    expect(report.sums).toEqual({ usdn: 0, points: 0 });
  });

  test('the discovery feed shows the seeded marketplace', async () => {
    const caller = await callerFor(services);
    const { items } = await caller.marketplace.feed.page({ limit: 50 });
    const listings = items.flatMap((item) => (item.kind === 'listing' ? [item.listing] : []));
    const buyingRequests = items.filter((item) => item.kind === 'buyingRequest');
    const listingCount = await db.db
      .selectFrom('listings')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(listings).toHaveLength(Number(listingCount.n));
    expect(buyingRequests.length).toBeGreaterThanOrEqual(5);
    expect(listings.every((l) => l.coverUrl?.startsWith('/uploads/listing/'))).toBe(true);
    expect(listings.some((l) => l.sellerNickname === null)).toBe(true);
    expect(listings.some((l) => l.sellerNickname === '林间拾遗')).toBe(true);
  });

  test('the customer-service button finds the seeded admin', async () => {
    const caller = await callerFor(services);
    expect(await caller.system.customerService()).toEqual({ adminId: await userIdOf('admin@curio.demo') });
  });
});

describe('seeding again', () => {
  test('refuses a database that already has users, and changes nothing', async () => {
    const countsBefore = await counts();
    const filesBefore = await storedFileCount();
    await expect(seedDemoMarketplace(services)).rejects.toBeInstanceOf(DatabaseNotEmptyError);
    expect(await counts()).toEqual(countsBefore);
    expect(await storedFileCount()).toBe(filesBefore);
  });

  test('refuses a database whose only user signed up by hand', async () => {
    const other = await createTestDatabase();
    try {
      await insertTestUser(other.db);
      const base = createTestServices(other);
      await expect(seedDemoMarketplace({ ...base, config: { ...base.config, dataDir } })).rejects.toBeInstanceOf(DatabaseNotEmptyError);
      const listings = await other.db.selectFrom('listings').select('id').execute();
      expect(listings).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

async function counts(): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of ['users', 'listings', 'buying_requests', 'ledger_transfers'] as const) {
    const row = await db.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    result[table] = Number(row.n);
  }
  return result;
}
