import { describe, expect, test } from '../../helpers/fixtures.ts';
import { member } from '../../helpers/world.ts';
import { callerFor, type TestServices } from '../../helpers/services.ts';
import { fundPoints, imageExists, listingInput } from './support.ts';

import { storedUpload } from '../../helpers/uploads.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

async function seller(services: TestServices) {
  const { user, api } = await member(services);
  await fundPoints(services, user.id, 10);
  return { user, caller: api };
}

describe('marketplace.listings.update', () => {
  test('the owner edits every field; removed images leave storage, kept ones stay', async ({ db, services }) => {
    const { user, caller } = await seller(services);
    const [kept, dropped, added] = [await storedUpload(services, user.id), await storedUpload(services, user.id), await storedUpload(services, user.id)];
    const { id } = await caller.marketplace.listings.create(listingInput({ images: [kept, dropped] }));
    await db.db.updateTable('listings').set({ review_status: 'approved' }).where('id', '=', id).execute();

    await caller.marketplace.listings.update({
      id,
      ...listingInput({
        title: 'Renamed',
        description: 'New words',
        category: 'service',
        unit: 'copy',
        quantity: 9,
        priceCents: 777,
        originalPriceCents: null,
        warrantyDays: 30,
        tags: ['fresh'],
        images: [added, kept],
        isAnonymous: true,
      }),
    });
    const row = await db.db.selectFrom('listings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      title: 'Renamed',
      description: 'New words',
      category: 'service',
      unit: 'copy',
      quantity: 9,
      price_cents: 777,
      original_price_cents: null,
      warranty_days: 30,
      tags: ['#fresh'],
      images: [added, kept],
      is_anonymous: true,
      // changed content goes back to review (ADR 0008)
      review_status: 'pending',
    });
    expect(await imageExists(services, dropped)).toBe(false);
    expect(await imageExists(services, kept)).toBe(true);
    expect(await imageExists(services, added)).toBe(true);
  });

  test('someone else gets LISTING_EDIT_FORBIDDEN and nothing changes', async ({ db, services, member }) => {
    const { user, caller } = await seller(services);
    const image = await storedUpload(services, user.id);
    const { id } = await caller.marketplace.listings.create(listingInput({ images: [image] }));
    const other = (await member()).api;
    await expectAppError(other.marketplace.listings.update({ id, ...listingInput({ title: 'Stolen', images: [] }) }), 'LISTING_EDIT_FORBIDDEN');
    const row = await db.db.selectFrom('listings').select(['title', 'images']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ title: 'Hand-bound notebook', images: [image] });
    expect(await imageExists(services, image)).toBe(true);
  });

  test('a visitor must sign in; an unknown listing is LISTING_NOT_FOUND', async ({ services }) => {
    const { caller } = await seller(services);
    const visitor = await callerFor(services);
    const id = '00000000-0000-4000-8000-000000000000';
    await expectAppError(visitor.marketplace.listings.update({ id, ...listingInput() }), 'LOGIN_REQUIRED');
    await expectAppError(caller.marketplace.listings.update({ id, ...listingInput() }), 'LISTING_NOT_FOUND');
  });

  test('the same validation as publishing, contact details included', async ({ db, services }) => {
    const { caller } = await seller(services);
    const { id } = await caller.marketplace.listings.create(listingInput());
    await expectAppError(caller.marketplace.listings.update({ id, ...listingInput({ title: '' }) }), 'TITLE_REQUIRED');
    await expectAppError(caller.marketplace.listings.update({ id, ...listingInput({ quantity: 0 }) }), 'QUANTITY_INVALID');
    await expectAppError(caller.marketplace.listings.update({ id, ...listingInput({ description: 'QQ 12345678 联系' }) }), 'CONTACT_INFO_DETECTED');
    const row = await db.db.selectFrom('listings').select(['title', 'quantity']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ title: 'Hand-bound notebook', quantity: 3 });
  });

  test('a rejected listing stays rejected when edited', async ({ db, services }) => {
    const { caller } = await seller(services);
    const { id } = await caller.marketplace.listings.create(listingInput());
    await db.db.updateTable('listings').set({ review_status: 'rejected', status: 'unavailable' }).where('id', '=', id).execute();
    await caller.marketplace.listings.update({ id, ...listingInput({ title: 'Fixed' }) });
    const row = await db.db.selectFrom('listings').select(['review_status', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ review_status: 'rejected', status: 'unavailable' });
  });

  test('no point is charged for an edit', async ({ db, services }) => {
    const { user, caller } = await seller(services);
    const { id } = await caller.marketplace.listings.create(listingInput());
    await caller.marketplace.listings.update({ id, ...listingInput({ title: 'Again' }) });
    const fees = await db.db.selectFrom('ledger_transfers').select('id').where('kind', '=', 'publish_fee').where('created_by', '=', user.id).execute();
    expect(fees).toHaveLength(1);
  });
});

describe('marketplace.listings.delete', () => {
  test('the owner deletes the listing and its images leave storage', async ({ db, services }) => {
    const { user, caller } = await seller(services);
    const images = [await storedUpload(services, user.id), await storedUpload(services, user.id)];
    const { id } = await caller.marketplace.listings.create(listingInput({ images }));
    expect(await caller.marketplace.listings.delete({ id })).toEqual({ ok: true });
    expect(await db.db.selectFrom('listings').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    for (const key of images) expect(await imageExists(services, key)).toBe(false);
    await expectAppError(caller.marketplace.listings.get({ id }), 'LISTING_NOT_FOUND');
  });

  test('someone else gets LISTING_EDIT_FORBIDDEN; the listing and images stay', async ({ db, services, member }) => {
    const { user, caller } = await seller(services);
    const image = await storedUpload(services, user.id);
    const { id } = await caller.marketplace.listings.create(listingInput({ images: [image] }));
    const other = (await member()).api;
    await expectAppError(other.marketplace.listings.delete({ id }), 'LISTING_EDIT_FORBIDDEN');
    expect(await db.db.selectFrom('listings').select('id').where('id', '=', id).executeTakeFirst()).toEqual({ id });
    expect(await imageExists(services, image)).toBe(true);
  });

  test('a listing already deleted is LISTING_NOT_FOUND', async ({ services }) => {
    const { caller } = await seller(services);
    const { id } = await caller.marketplace.listings.create(listingInput());
    await caller.marketplace.listings.delete({ id });
    await expectAppError(caller.marketplace.listings.delete({ id }), 'LISTING_NOT_FOUND');
  });
});
