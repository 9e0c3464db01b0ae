import { describe, expect, test } from '../../helpers/fixtures.ts';
import { member } from '../../helpers/world.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../server/src/db/schema.ts';
import { getBalances } from '../../../server/src/domain/ledger/index.ts';
import { callerFor, type TestServices } from '../../helpers/services.ts';
import { fundPoints, listingInput } from './support.ts';

import { storedUpload } from '../../helpers/uploads.ts';
import { expectAppError } from '../../helpers/app-errors.ts';
import { eventually } from '../../helpers/eventually.ts';

async function fundedMember(services: TestServices, points = 5) {
  const { user, api } = await member(services);
  await fundPoints(services, user.id, points);
  return { user, caller: api };
}

async function listingCount(db: Kysely<Database>, sellerId: string): Promise<number> {
  const row = await db
    .selectFrom('listings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('seller_id', '=', sellerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function publishFees(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('ledger_transfers')
    .innerJoin('ledger_accounts as credited', 'credited.id', 'ledger_transfers.credit_account_id')
    .select(['amount', 'ledger_transfers.currency', 'reference_type', 'reference_id', 'credited.kind as credited_kind'])
    .where('ledger_transfers.kind', '=', 'publish_fee')
    .where('created_by', '=', userId)
    .execute();
}

describe('marketplace.listings.create', () => {
  test('publishes a pending, available listing with normalised tags and charges exactly one point', async ({ db, services }) => {
    const { user, caller } = await fundedMember(services, 3);
    const images = [await storedUpload(services, user.id), await storedUpload(services, user.id)];
    const { id } = await caller.marketplace.listings.create(
      listingInput({
        title: '  Tin robot  ',
        tags: ['vintage', '#玩具'],
        images,
        warrantyDays: 15,
        originalPriceCents: 4000,
        unit: 'set',
      }),
    );
    const row = await db.db.selectFrom('listings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      seller_id: user.id,
      title: 'Tin robot',
      tags: ['#vintage', '#玩具'],
      images,
      warranty_days: 15,
      original_price_cents: 4000,
      unit: 'set',
      status: 'available',
      review_status: 'pending',
      is_anonymous: false,
    });
    expect((await getBalances(db.db, user.id)).points).toBe(2);
    expect(await publishFees(db.db, user.id)).toEqual([{ amount: 1, currency: 'points', reference_type: 'listing', reference_id: id, credited_kind: 'fees' }]);
    const activity = await db.db
      .selectFrom('user_activities')
      .select(['activity_type', 'related_id', 'activity_data'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(activity).toMatchObject({
      activity_type: 'publish_listing',
      related_id: id,
      activity_data: { title: 'Tin robot', image: `/uploads/${images[0]}`, price: 2500, category: 'goods' },
    });
  });

  test('tells the member to sign in first', async ({ services }) => {
    const visitor = await callerFor(services);
    await expectAppError(visitor.marketplace.listings.create(listingInput()), 'LOGIN_REQUIRED');
  });

  test('without a point: PUBLISH_POINTS_REQUIRED and nothing is written', async ({ db, member }) => {
    const { user, api: caller } = await member();
    await expectAppError(caller.marketplace.listings.create(listingInput()), 'PUBLISH_POINTS_REQUIRED');
    expect(await listingCount(db.db, user.id)).toBe(0);
    expect(await publishFees(db.db, user.id)).toEqual([]);
    const activities = await db.db.selectFrom('user_activities').select('id').where('user_id', '=', user.id).execute();
    expect(activities).toEqual([]);
  });

  test('the last point publishes once, then the next publish is refused', async ({ db, services }) => {
    const { user, caller } = await fundedMember(services, 1);
    await caller.marketplace.listings.create(listingInput());
    await expectAppError(caller.marketplace.listings.create(listingInput()), 'PUBLISH_POINTS_REQUIRED');
    expect(await listingCount(db.db, user.id)).toBe(1);
    expect((await getBalances(db.db, user.id)).points).toBe(0);
  });

  test.for([
    ['title', { title: '   ' }, 'TITLE_REQUIRED'],
    ['title', { title: 'x'.repeat(101) }, 'TITLE_TOO_LONG'],
    ['description', { description: '' }, 'DESCRIPTION_REQUIRED'],
    ['description', { description: 'x'.repeat(5001) }, 'DESCRIPTION_TOO_LONG'],
    ['category', { category: 'food' }, 'CATEGORY_REQUIRED'],
    ['unit', { unit: 'litre' }, 'UNIT_REQUIRED'],
    ['quantity', { quantity: 0 }, 'QUANTITY_INVALID'],
    ['quantity', { quantity: 1.5 }, 'QUANTITY_INVALID'],
    ['priceCents', { priceCents: 0 }, 'PRICE_INVALID'],
    ['priceCents', { priceCents: 12.5 }, 'PRICE_INVALID'],
    ['originalPriceCents', { originalPriceCents: -5 }, 'PRICE_INVALID'],
    ['warrantyDays', { warrantyDays: 10 }, 'WARRANTY_INVALID'],
    ['tags', { tags: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'TOO_MANY_TAGS'],
    ['tags', { tags: ['same', '#Same'] }, 'TAG_DUPLICATE'],
    ['tags', { tags: ['x'.repeat(21)] }, 'TAG_TOO_LONG'],
    ['tags', { tags: ['#'] }, 'TAG_EMPTY'],
    ['tags', { tags: ['!!!'] }, 'TAG_SYMBOLS_ONLY'],
    ['images', { images: ['../../etc/passwd'] }, 'VALIDATION_FAILED'],
    ['images', { images: ['avatar/2026/11/0b7d3c1e-9a4f-4c2e-8f6a-1d2e3f4a5b6c.webp'] }, 'VALIDATION_FAILED'],
  ] as const)('%s %j is refused with %s and nothing is written', async ([_field, overrides, code], { db, services }) => {
    const { user, caller } = await fundedMember(services, 1);
    await expectAppError(caller.marketplace.listings.create(listingInput(overrides as never)), code);
    expect(await listingCount(db.db, user.id)).toBe(0);
    expect((await getBalances(db.db, user.id)).points).toBe(1);
  });

  test('more than five images: TOO_MANY_IMAGES', async ({ db, services }) => {
    const { user, caller } = await fundedMember(services, 1);
    const images = await Promise.all(Array.from({ length: 6 }, () => storedUpload(services, user.id)));
    await expectAppError(caller.marketplace.listings.create(listingInput({ images })), 'TOO_MANY_IMAGES');
    expect(await listingCount(db.db, user.id)).toBe(0);
  });

  test('an image key nobody uploaded is refused', async ({ db, services }) => {
    const { user, caller } = await fundedMember(services, 1);
    const images = ['listing/2026/11/0b7d3c1e-9a4f-4c2e-8f6a-1d2e3f4a5b6c.webp'];
    await expectAppError(caller.marketplace.listings.create(listingInput({ images })), 'LISTING_IMAGE_MISSING');
    expect(await listingCount(db.db, user.id)).toBe(0);
  });

  test.for([
    ['title', { title: '加我微信 abc12345 详聊' }],
    ['description', { description: 'Call me on 13812345678 for details' }],
    ['description', { description: 'mail collector@example.com' }],
  ] as const)('contact details in the %s are refused, nothing written and no point taken', async ([_field, overrides], { db, services }) => {
    const { user, caller } = await fundedMember(services, 1);
    await expectAppError(caller.marketplace.listings.create(listingInput(overrides)), 'CONTACT_INFO_DETECTED');
    expect(await listingCount(db.db, user.id)).toBe(0);
    expect((await getBalances(db.db, user.id)).points).toBe(1);
  });

  test('a double submit with one idempotency key publishes one listing and charges one point', async ({ db, services }) => {
    const { user, caller } = await fundedMember(services, 5);
    const input = listingInput({ idempotencyKey: 'publish-3f1c9a2e-0001' });
    const [first, second] = await Promise.all([caller.marketplace.listings.create(input), caller.marketplace.listings.create(input)]);
    expect(second).toEqual(first);
    expect(await caller.marketplace.listings.create(input)).toEqual(first);
    expect(await listingCount(db.db, user.id)).toBe(1);
    expect(await publishFees(db.db, user.id)).toHaveLength(1);
    expect((await getBalances(db.db, user.id)).points).toBe(4);
  });

  test('the same idempotency key with other fields is a conflict', async ({ db, services }) => {
    const { user, caller } = await fundedMember(services, 5);
    await caller.marketplace.listings.create(listingInput({ idempotencyKey: 'publish-3f1c9a2e-0002' }));
    await expectAppError(
      caller.marketplace.listings.create(listingInput({ idempotencyKey: 'publish-3f1c9a2e-0002', priceCents: 9900 })),
      'IDEMPOTENCY_CONFLICT',
    );
    expect(await listingCount(db.db, user.id)).toBe(1);
  });

  test('a refused publish does not burn its idempotency key', async ({ db, services, member }) => {
    const { user, api: caller } = await member();
    const input = listingInput({ idempotencyKey: 'publish-3f1c9a2e-0003' });
    await expectAppError(caller.marketplace.listings.create(input), 'PUBLISH_POINTS_REQUIRED');
    await fundPoints(services, user.id, 1);
    await caller.marketplace.listings.create(input);
    expect(await listingCount(db.db, user.id)).toBe(1);
  });

  test('an anonymous listing records no public activity that would name its seller', async ({ db, services }) => {
    const { user, caller } = await fundedMember(services, 1);
    await caller.marketplace.listings.create(listingInput({ isAnonymous: true }));
    const activities = await db.db.selectFrom('user_activities').select('id').where('user_id', '=', user.id).execute();
    expect(activities).toEqual([]);
  });

  test('tells open balance subscriptions after the commit', async ({ services }) => {
    const { user, caller } = await fundedMember(services, 1);
    const seen: string[] = [];
    const unsubscribe = services.events.subscribe(user.id, (event) => seen.push(event.type));
    try {
      await caller.marketplace.listings.create(listingInput());
      await eventually(() => seen.includes('balances-changed'));
    } finally {
      unsubscribe();
    }
  });
});
