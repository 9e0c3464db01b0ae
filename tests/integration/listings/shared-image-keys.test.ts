import { describe, expect, test } from '../../helpers/fixtures.ts';
import { type TestServices } from '../../helpers/services.ts';
import { member } from '../buying-requests/support.ts';
import { fundPoints, imageExists, listingInput } from './support.ts';

import { storedUpload } from '../../helpers/uploads.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

/**
 * Upload keys are not owned by whoever names them (ADR 0006): a member can put another
 * member's image key in their own listing. Dropping it again, or deleting that listing, must
 * not delete a file another listing (or an order's snapshot) still shows.
 */

async function seller(services: TestServices, nickname: string) {
  const m = await member(services, { nickname });
  await fundPoints(services, m.user.id, 5);
  return m;
}

describe('image files shared by key', () => {
  test("another member's image key cannot be attached, so it cannot be deleted through a borrowed listing either (ADR 0021)", async ({ db, services }) => {
    const owner = await seller(services, 'Owner');
    const borrower = await seller(services, 'Borrower');
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

  test('an image nothing references any more is removed', async ({ services }) => {
    const owner = await seller(services, 'Solo');
    const image = await storedUpload(services, owner.user.id);
    const { id } = await owner.api.marketplace.listings.create(listingInput({ images: [image] }));
    await owner.api.marketplace.listings.delete({ id });
    expect(await imageExists(services, image)).toBe(false);
  });

  test('an order keeps its snapshot image after the seller deletes the listing', async ({ db, services, member }) => {
    const owner = await seller(services, 'Seller');
    const buyer = await member({ nickname: 'Buyer' });
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
