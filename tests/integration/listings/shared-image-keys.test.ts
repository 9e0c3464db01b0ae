import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestServices, type TestServices } from '../../helpers/services.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-db.ts';
import { member } from '../buying-requests/support.ts';
import { fundPoints, imageExists, listingInput, storedListingImage } from './support.ts';

/**
 * Upload keys are not owned by whoever names them (ADR 0006): a member can put another
 * member's image key in their own listing. Dropping it again, or deleting that listing, must
 * not delete a file another listing (or an order's snapshot) still shows.
 */
let db: TestDatabase;
let services: TestServices;

beforeAll(async () => {
  db = await createTestDatabase();
  services = createTestServices(db);
});
afterAll(async () => {
  await db?.close();
});

async function seller(nickname: string) {
  const m = await member(services, nickname);
  await fundPoints(services, m.user.id, 5);
  return m;
}

describe('image files shared by key', () => {
  test('a listing that borrowed another listing\'s image key cannot delete that image', async () => {
    const owner = await seller('Owner');
    const borrower = await seller('Borrower');
    const image = await storedListingImage(services);
    await owner.api.marketplace.listings.create(listingInput({ images: [image] }));

    const { id } = await borrower.api.marketplace.listings.create(listingInput({ images: [image] }));
    await borrower.api.marketplace.listings.update({ id, ...listingInput({ images: [] }) });
    expect(await imageExists(services, image)).toBe(true);

    const second = await borrower.api.marketplace.listings.create(listingInput({ images: [image] }));
    await borrower.api.marketplace.listings.delete({ id: second.id });
    expect(await imageExists(services, image)).toBe(true);
  });

  test('an image nothing references any more is removed', async () => {
    const owner = await seller('Solo');
    const image = await storedListingImage(services);
    const { id } = await owner.api.marketplace.listings.create(listingInput({ images: [image] }));
    await owner.api.marketplace.listings.delete({ id });
    expect(await imageExists(services, image)).toBe(false);
  });

  test('an order keeps its snapshot image after the seller deletes the listing', async () => {
    const owner = await seller('Seller');
    const buyer = await member(services, 'Buyer');
    const image = await storedListingImage(services);
    const { id } = await owner.api.marketplace.listings.create(listingInput({ images: [image] }));
    await db.db
      .insertInto('orders')
      .values({ listing_id: id, buyer_id: buyer.user.id, seller_id: owner.user.id, title: 'Notebook', image_key: image, unit_price_cents: 2500, quantity: 1, total_cents: 2500, status: 'completed' })
      .execute();
    await owner.api.marketplace.listings.delete({ id });
    expect(await imageExists(services, image)).toBe(true);
  });
});
