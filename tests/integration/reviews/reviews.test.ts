import { randomUUID } from 'node:crypto';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { callerFor } from '../../helpers/services.ts';
import { NEEDS_POSTGRES, onRealPostgres, type TestDatabase } from '../../helpers/test-db.ts';
import { completedDeal, creditScoreOf, insertOrder, publishedListing } from './fixtures.ts';
import type { TCreateReviewInput } from '@curio/shared';
import { storedUpload } from '../../helpers/uploads.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

if (!onRealPostgres()) console.warn(`[reviews races] skipped: ${NEEDS_POSTGRES}`);

async function reviewCount(db: TestDatabase, orderId: string): Promise<number> {
  const rows = await db.db.selectFrom('reviews').select('id').where('order_id', '=', orderId).execute();
  return rows.length;
}

function reviewInput(orderId: string, overrides: Partial<TCreateReviewInput> = {}): TCreateReviewInput {
  return { orderId, rating: 5, content: 'Arrived well packed, exactly as described.', images: [], ...overrides };
}

describe('marketplace.reviews.create', () => {
  test('the buyer of a completed order reviews the seller; reputation, activity and notification follow', async ({ db, services }) => {
    const { buyer, seller, listingId, orderId } = await completedDeal(services);
    const image = await storedUpload(services, buyer.user.id);
    const review = await buyer.api.marketplace.reviews.create(reviewInput(orderId, { rating: 3, images: [image] }));
    expect(review).toMatchObject({
      orderId,
      listingId,
      rating: 3,
      sentiment: 'neutral',
      content: 'Arrived well packed, exactly as described.',
      images: [{ key: image, url: `/uploads/${image}` }],
      reviewer: { id: buyer.user.id, nickname: 'Buyer' },
      edited: false,
    });
    const row = await db.db.selectFrom('reviews').selectAll().where('id', '=', review.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ reviewer_id: buyer.user.id, reviewee_id: seller.user.id, listing_id: listingId });
    // ADR 0014: 100 - 2 for one neutral review
    expect(await creditScoreOf(db.db, seller.user.id)).toBe(98);
    const activity = await db.db
      .selectFrom('user_activities')
      .select(['activity_type', 'related_id'])
      .where('user_id', '=', buyer.user.id)
      .where('activity_type', '=', 'review')
      .execute();
    expect(activity).toEqual([{ activity_type: 'review', related_id: listingId }]);
    const notes = await db.db.selectFrom('notifications').select(['type', 'params', 'link']).where('user_id', '=', seller.user.id).execute();
    expect(notes).toEqual([
      { type: 'review_received', params: expect.objectContaining({ nickname: 'Buyer', rating: 3 }) as unknown, link: `/orders/${orderId}` },
    ]);
  });

  test('sanitised before saving: markup goes, "<3" stays; control characters are refused', async ({ services }) => {
    const { buyer, orderId } = await completedDeal(services);
    await expectAppError(buyer.api.marketplace.reviews.create(reviewInput(orderId, { content: 'Lovely\u0007 item' })), 'TEXT_CONTROL_CHARACTER');
    const review = await buyer.api.marketplace.reviews.create(reviewInput(orderId, { content: '  <script>alert(1)</script><b>Lovely</b> item <3  ' }));
    expect(review.content).toBe('alert(1)Lovely item <3');
  });

  test.for([
    ['no rating', { rating: undefined }],
    ['zero stars', { rating: 0 }],
    ['six stars', { rating: 6 }],
    ['half a star', { rating: 4.5 }],
  ] as const)('RATING_REQUIRED for %s, and nothing is written', async ([_name, overrides], { db, services }) => {
    const { buyer, orderId } = await completedDeal(services);
    await expectAppError(buyer.api.marketplace.reviews.create(reviewInput(orderId, overrides)), 'RATING_REQUIRED');
    expect(await reviewCount(db, orderId)).toBe(0);
  });

  test.for([
    ['empty', ''],
    ['blank', ' \n\t '],
    ['markup only', '<p><br/></p>'],
  ])('CONTENT_REQUIRED for %s content', async ([_name, content], { db, services }) => {
    const { buyer, orderId } = await completedDeal(services);
    await expectAppError(buyer.api.marketplace.reviews.create(reviewInput(orderId, { content })), 'CONTENT_REQUIRED');
    expect(await reviewCount(db, orderId)).toBe(0);
  });

  test('CONTENT_TOO_LONG {max: 500} above 500 characters; exactly 500 (in CJK too) is fine', async ({ db, services }) => {
    const { buyer, orderId } = await completedDeal(services);
    const { data } = await expectAppError(buyer.api.marketplace.reviews.create(reviewInput(orderId, { content: 'a'.repeat(501) })), 'CONTENT_TOO_LONG');
    expect(data.params).toMatchObject({ max: 500 });
    expect(await reviewCount(db, orderId)).toBe(0);
    const review = await buyer.api.marketplace.reviews.create(reviewInput(orderId, { content: '好'.repeat(500) }));
    expect(review.content).toHaveLength(500);
  });

  test('TOO_MANY_IMAGES {max: 3} with four images', async ({ db, services }) => {
    const { buyer, orderId } = await completedDeal(services);
    const images = await Promise.all(Array.from({ length: 4 }, () => storedUpload(services, buyer.user.id)));
    const { data } = await expectAppError(buyer.api.marketplace.reviews.create(reviewInput(orderId, { images })), 'TOO_MANY_IMAGES');
    expect(data.params).toMatchObject({ max: 3 });
    expect(await reviewCount(db, orderId)).toBe(0);
    const review = await buyer.api.marketplace.reviews.create(reviewInput(orderId, { images: images.slice(0, 3) }));
    expect(review.images).toHaveLength(3);
  });

  test('an image key nobody uploaded is refused', async ({ services }) => {
    const { buyer, orderId } = await completedDeal(services);
    const missing = `listing/2026/11/${randomUUID()}.webp`;
    await expectAppError(buyer.api.marketplace.reviews.create(reviewInput(orderId, { images: [missing] })), 'LISTING_IMAGE_MISSING');
  });

  test('CONTACT_INFO_DETECTED for contact details, even split by markup', async ({ db, services }) => {
    const { buyer, orderId } = await completedDeal(services);
    await expectAppError(
      buyer.api.marketplace.reviews.create(reviewInput(orderId, { content: 'Great, add me on wechat: curio_fan88' })),
      'CONTACT_INFO_DETECTED',
    );
    await expectAppError(buyer.api.marketplace.reviews.create(reviewInput(orderId, { content: 'call 138<b></b>00138000 anytime' })), 'CONTACT_INFO_DETECTED');
    expect(await reviewCount(db, orderId)).toBe(0);
  });

  test('ORDER_NOT_FOUND for an unknown order', async ({ member }) => {
    const someone = await member();
    await expectAppError(someone.api.marketplace.reviews.create(reviewInput(randomUUID())), 'ORDER_NOT_FOUND');
  });

  test('REVIEW_NOT_ALLOWED for the seller and for a stranger', async ({ db, services, member }) => {
    const { seller, orderId } = await completedDeal(services);
    const stranger = await member();
    await expectAppError(seller.api.marketplace.reviews.create(reviewInput(orderId)), 'REVIEW_NOT_ALLOWED');
    await expectAppError(stranger.api.marketplace.reviews.create(reviewInput(orderId)), 'REVIEW_NOT_ALLOWED');
    expect(await reviewCount(db, orderId)).toBe(0);
  });

  test.for(['pending', 'paid', 'shipped', 'refunding', 'refunded', 'cancelled'] as const)(
    'REVIEW_NOT_ALLOWED while the order is %s',
    async (status, { db, services }) => {
      const { buyer, orderId } = await completedDeal(services, status);
      await expectAppError(buyer.api.marketplace.reviews.create(reviewInput(orderId)), 'REVIEW_NOT_ALLOWED');
      expect(await reviewCount(db, orderId)).toBe(0);
    },
  );

  test('REVIEW_EXISTS for a second review of the same order', async ({ db, services }) => {
    const { buyer, orderId } = await completedDeal(services);
    await buyer.api.marketplace.reviews.create(reviewInput(orderId));
    await expectAppError(buyer.api.marketplace.reviews.create(reviewInput(orderId, { rating: 1 })), 'REVIEW_EXISTS');
    expect(await reviewCount(db, orderId)).toBe(1);
  });

  test('a visitor must log in', async ({ services }) => {
    const { orderId } = await completedDeal(services);
    const visitor = await callerFor(services);
    await expectAppError(visitor.marketplace.reviews.create(reviewInput(orderId)), 'LOGIN_REQUIRED');
  });
});

describe('marketplace.reviews.update and delete', () => {
  test('the reviewer edits: rating, text and images change, the score is recomputed, edited is set', async ({ db, services }) => {
    const { buyer, seller, orderId } = await completedDeal(services);
    const review = await buyer.api.marketplace.reviews.create(reviewInput(orderId, { rating: 5 }));
    expect(await creditScoreOf(db.db, seller.user.id)).toBe(100);
    services.clock.advance(60_000);
    const edited = await buyer.api.marketplace.reviews.update({ reviewId: review.id, rating: 1, content: 'Broke after a day.', images: [] });
    expect(edited).toMatchObject({ id: review.id, rating: 1, sentiment: 'negative', content: 'Broke after a day.', edited: true });
    expect(await creditScoreOf(db.db, seller.user.id)).toBe(95);
  });

  test('edits follow the same rules', async ({ db, services }) => {
    const { buyer, orderId } = await completedDeal(services);
    const review = await buyer.api.marketplace.reviews.create(reviewInput(orderId));
    await expectAppError(buyer.api.marketplace.reviews.update({ reviewId: review.id, rating: 4, content: ' ' }), 'CONTENT_REQUIRED');
    await expectAppError(buyer.api.marketplace.reviews.update({ reviewId: review.id, rating: 4, content: 'x'.repeat(501) }), 'CONTENT_TOO_LONG');
    await expectAppError(buyer.api.marketplace.reviews.update({ reviewId: review.id, rating: 0, content: 'fine' }), 'RATING_REQUIRED');
    await expectAppError(
      buyer.api.marketplace.reviews.update({ reviewId: review.id, rating: 4, content: 'mail me at me@example.com' }),
      'CONTACT_INFO_DETECTED',
    );
    const row = await db.db.selectFrom('reviews').select(['rating', 'content']).where('id', '=', review.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ rating: 5, content: 'Arrived well packed, exactly as described.' });
  });

  test('only the reviewer may edit or delete (FORBIDDEN); an unknown review is REVIEW_NOT_FOUND', async ({ db, services }) => {
    const { buyer, seller, orderId } = await completedDeal(services);
    const review = await buyer.api.marketplace.reviews.create(reviewInput(orderId));
    await expectAppError(seller.api.marketplace.reviews.update({ reviewId: review.id, rating: 1, content: 'hm' }), 'FORBIDDEN');
    await expectAppError(seller.api.marketplace.reviews.delete({ reviewId: review.id }), 'FORBIDDEN');
    await expectAppError(buyer.api.marketplace.reviews.update({ reviewId: randomUUID(), rating: 1, content: 'hm' }), 'REVIEW_NOT_FOUND');
    await expectAppError(buyer.api.marketplace.reviews.delete({ reviewId: randomUUID() }), 'REVIEW_NOT_FOUND');
    expect(await reviewCount(db, orderId)).toBe(1);
  });

  test('deleting restores the score and lets the buyer review again', async ({ db, services }) => {
    const { buyer, seller, orderId } = await completedDeal(services);
    const review = await buyer.api.marketplace.reviews.create(reviewInput(orderId, { rating: 2 }));
    expect(await creditScoreOf(db.db, seller.user.id)).toBe(95);
    expect(await buyer.api.marketplace.reviews.delete({ reviewId: review.id })).toEqual({ deleted: true });
    expect(await creditScoreOf(db.db, seller.user.id)).toBe(100);
    expect(await reviewCount(db, orderId)).toBe(0);
    await buyer.api.marketplace.reviews.create(reviewInput(orderId, { rating: 4 }));
    expect(await reviewCount(db, orderId)).toBe(1);
  });
});

describe('marketplace.reviews.forOrder', () => {
  test('null before, the review after; the seller sees it too; others are refused', async ({ services, member }) => {
    const { buyer, seller, orderId } = await completedDeal(services);
    expect(await buyer.api.marketplace.reviews.forOrder({ orderId })).toBeNull();
    const review = await buyer.api.marketplace.reviews.create(reviewInput(orderId));
    expect(await buyer.api.marketplace.reviews.forOrder({ orderId })).toMatchObject({ id: review.id });
    expect(await seller.api.marketplace.reviews.forOrder({ orderId })).toMatchObject({ id: review.id });
    const stranger = await member();
    await expectAppError(stranger.api.marketplace.reviews.forOrder({ orderId }), 'ORDER_ACCESS_DENIED');
    await expectAppError(buyer.api.marketplace.reviews.forOrder({ orderId: randomUUID() }), 'ORDER_NOT_FOUND');
  });
});

describe('marketplace.reviews.byListing', () => {
  test('public, newest first, with sentiment and a summary; pages by cursor', async ({ db, services, member }) => {
    const seller = await member({ nickname: 'Seller' });
    const listingId = await publishedListing(services, seller.user.id);
    const ratings = [5, 4, 3, 1, 5];
    for (const [index, rating] of ratings.entries()) {
      const buyer = await member({ nickname: `Buyer${index}` });
      const orderId = await insertOrder(db.db, { buyerId: buyer.user.id, sellerId: seller.user.id, listingId });
      services.clock.advance(1000);
      await buyer.api.marketplace.reviews.create(reviewInput(orderId, { rating, content: `review ${index}` }));
    }
    const visitor = await callerFor(services);
    const first = await visitor.marketplace.reviews.byListing({ listingId, limit: 3 });
    expect(first.items.map((item) => item.content)).toEqual(['review 4', 'review 3', 'review 2']);
    expect(first.items.map((item) => item.sentiment)).toEqual(['positive', 'negative', 'neutral']);
    expect(first.summary).toEqual({ count: 5, averageRating: 3.6, positiveShare: 0.6, positive: 3, neutral: 1, negative: 1 });
    expect(first.nextCursor).not.toBeNull();
    const second = await visitor.marketplace.reviews.byListing({ listingId, limit: 3, cursor: first.nextCursor });
    expect(second.items.map((item) => item.content)).toEqual(['review 1', 'review 0']);
    expect(second.nextCursor).toBeNull();
    // ADR 0014: 100 + 3 positives - 2 (one neutral) - 5 (one negative)
    expect(await creditScoreOf(db.db, seller.user.id)).toBe(96);
  });

  test('an empty listing has an empty summary; a forged cursor is VALIDATION_FAILED', async ({ services, member }) => {
    const seller = await member();
    const listingId = await publishedListing(services, seller.user.id);
    const visitor = await callerFor(services);
    expect(await visitor.marketplace.reviews.byListing({ listingId })).toEqual({
      items: [],
      nextCursor: null,
      summary: { count: 0, averageRating: null, positiveShare: null, positive: 0, neutral: 0, negative: 0 },
    });
    await expectAppError(visitor.marketplace.reviews.byListing({ listingId, cursor: 'bm90LWEtY3Vyc29y' }), 'VALIDATION_FAILED');
  });
});

describe('reviews under concurrency (real PostgreSQL)', () => {
  test.skipIf(!onRealPostgres())('six racing submits of one review: one review, the rest REVIEW_EXISTS', async ({ db, services }) => {
    const { buyer, seller, orderId } = await completedDeal(services);
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => buyer.api.marketplace.reviews.create(reviewInput(orderId, { rating: 1 }))));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(String((outcome.reason as Error).message)).toBe('REVIEW_EXISTS');
    }
    expect(await reviewCount(db, orderId)).toBe(1);
    expect(await creditScoreOf(db.db, seller.user.id)).toBe(95);
  });
});
