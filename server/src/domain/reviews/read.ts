import type { Kysely } from 'kysely';
import { reviewSentiment, uploadUrl, type TReview, type TReviewSummary, type TReviewsPage } from '@curio/shared';
import type { Database } from '../../db/schema.ts';
import { decodePageCursor, encodePageCursor } from '../comments/page-cursor.ts';

function reviewQuery(db: Kysely<Database>) {
  return db
    .selectFrom('reviews as r')
    .innerJoin('profiles as p', 'p.user_id', 'r.reviewer_id')
    .select([
      'r.id',
      'r.order_id',
      'r.listing_id',
      'r.reviewer_id',
      'r.rating',
      'r.content',
      'r.images',
      'r.created_at',
      'r.updated_at',
      'p.nickname',
      'p.avatar_key',
    ]);
}

type ReviewRow = Awaited<ReturnType<ReturnType<typeof reviewQuery>['executeTakeFirstOrThrow']>>;

function toReview(row: ReviewRow): TReview {
  return {
    id: row.id,
    orderId: row.order_id,
    listingId: row.listing_id,
    rating: row.rating,
    // stored as given; the spec's 5/3/1 read-back is what the sentiment says in words (ADR 0014)
    sentiment: reviewSentiment(row.rating),
    content: row.content,
    images: row.images.map((key) => ({ key, url: uploadUrl(key) })),
    reviewer: { id: row.reviewer_id, nickname: row.nickname, avatarUrl: row.avatar_key ? uploadUrl(row.avatar_key) : null },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    edited: row.updated_at.getTime() > row.created_at.getTime(),
  };
}

export async function loadReview(db: Kysely<Database>, where: { id: string } | { orderId: string; reviewerId: string }): Promise<TReview | null> {
  let query = reviewQuery(db);
  query = 'id' in where ? query.where('r.id', '=', where.id) : query.where('r.order_id', '=', where.orderId).where('r.reviewer_id', '=', where.reviewerId);
  const row = await query.executeTakeFirst();
  return row ? toReview(row) : null;
}

async function listingSummary(db: Kysely<Database>, listingId: string): Promise<TReviewSummary> {
  const row = await db
    .selectFrom('reviews')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.sum<number | string | null>('rating').as('stars'),
      eb.fn.countAll<number | string>().filterWhere('rating', '>=', 4).as('positive'),
      eb.fn.countAll<number | string>().filterWhere('rating', '=', 3).as('neutral'),
      eb.fn.countAll<number | string>().filterWhere('rating', '<=', 2).as('negative'),
    ])
    .where('listing_id', '=', listingId)
    .executeTakeFirstOrThrow();
  // aggregates are strings from pg and numbers from PGlite
  const count = Number(row.count);
  const positive = Number(row.positive);
  return {
    count,
    // one decimal, as the stars show it; computed from integers, so no float drift reaches the screen
    averageRating: count === 0 ? null : Math.round((Number(row.stars) * 10) / count) / 10,
    positiveShare: count === 0 ? null : positive / count,
    positive,
    neutral: Number(row.neutral),
    negative: Number(row.negative),
  };
}

/** Purchase reviews of a listing, newest first, with the summary over all of them (public). */
export async function loadListingReviews(db: Kysely<Database>, input: { listingId: string; cursor?: string | null; limit: number }): Promise<TReviewsPage> {
  const after = decodePageCursor(input.cursor);
  let query = reviewQuery(db).where('r.listing_id', '=', input.listingId);
  if (after) {
    query = query.where((eb) =>
      eb.or([eb('r.created_at', '<', after.createdAt), eb.and([eb('r.created_at', '=', after.createdAt), eb('r.id', '<', after.id)])]),
    );
  }
  const rows = await query
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(input.limit + 1)
    .execute();
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map(toReview),
    nextCursor: rows.length > input.limit && last ? encodePageCursor({ createdAt: last.created_at, id: last.id }) : null,
    summary: await listingSummary(db, input.listingId),
  };
}
