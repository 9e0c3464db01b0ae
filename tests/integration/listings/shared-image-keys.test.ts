import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type TestServices } from '../../helpers/services.ts';
import { type TestDatabase } from '../../helpers/test-db.ts';
import { member } from '../buying-requests/support.ts';
import { fundPoints, imageExists, listingInput } from './support.ts';

import { storedUpload } from '../../helpers/uploads.ts';
import { expectAppError } from '../../helpers/app-errors.ts';
import { openWorld } from '../../helpers/world.ts';

/**
 * Upload keys are not owned by whoever names them (ADR 0006): a member can put another
 * member's image key in their own listing. Dropping it again, or deleting that listing, must
 * not delete a file another listing (or an order's snapshot) still shows.
 */
let db: TestDatabase, services: TestServices;

beforeAll(async () => ({ db, services } = await openWorld()));
afterAll(() => db?.close());

async function seller(nickname: string) {
  const m = await member(services, { nickname });
  await fundPoints(services, m.user.id, 5);
  return m;
}

describe('image files shared by key', () => {
  test("another member's image key cannot be attached, so it cannot be deleted through a borrowed listing either (ADR 0021)", async () => {
    const owner = await seller('Owner');
    const borrower = await seller('Borrower');
    const image = await storedUpload(services, owner.user.id);
    // not yet attached by its owner: a fresh upload is exactly what a borrower would try to take
    await expectAppError(borrower.api.marketplace.listings.create(listingInput({ images: [image] })), 'LISTING_IMAGE_MISSING');
    await owner.api.marketplace.listings.create(listingInput({ images: [image] }));
    await expectAppError(borrower.api.marketplace.listings.create(listingInput({ images: [image] })), 'LISTING_IMAGE_MISSING');
    const { id } = await borrower.api.marketplace.listings.create(listingInput({ images: [] }));
    await expectAppError(borrower.api.marketplace.listings.update({ id, ...listingInput({ images: [image] }) }), 'LISTING_IMAGE_MISSING');
    expect(await imageExists(services, image)).toBe(true);
    const borrowersImages = await db.db.selectFrom('listings').select('images').where('seller_id', '=', borrower.user.id).execute();
    expect(borrowersImages.flatMap((row) => row.images)).not.toContain(image);
  });

  test('an image nothing references any more is removed', async () => {
    const owner = await seller('Solo');
    const image = await storedUpload(services, owner.user.id);
    const { id } = await owner.api.marketplace.listings.create(listingInput({ images: [image] }));
    await owner.api.marketplace.listings.delete({ id });
    expect(await imageExists(services, image)).toBe(false);
  });

  test('an order keeps its snapshot image after the seller deletes the listing', async () => {
    const owner = await seller('Seller');
    const buyer = await member(services, { nickname: 'Buyer' });
    const image = await storedUpload(services, owner.user.id);
    const { id } = await owner.api.marketplace.listings.create(listingInput({ images: [image] }));
    await db.db
      .insertInto('orders')
      .values({
        listing_id: id,
        buyer_id: buyer.user.id,
        seller_id: owner.user.id,
        title: 'Notebook',
        image_key: image,
        unit_price_cents: 2500,
        quantity: 1,
        total_cents: 2500,
        status: 'completed',
      })
      .execute();
    await owner.api.marketplace.listings.delete({ id });
    expect(await imageExists(services, image)).toBe(true);
  });
});
