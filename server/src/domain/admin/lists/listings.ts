import type { z } from 'zod';
import { sql } from 'kysely';
import type { ZAdminListingsInput, ZAdminListingsPage } from '@curio/shared';
import { ZAdminListingReviewStatus, ZListingStatus, uploadUrl } from '@curio/shared';
import { adminPage, containsPattern } from '../paged-list.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/**
 * The listings tab (rule AD-10): every listing, whatever its status, review status or anonymity, newest first;
 * filters by status and review status, search in the title.
 */
export async function listListings(db: Kysely<Database>, input: z.output<typeof ZAdminListingsInput>): Promise<z.output<typeof ZAdminListingsPage>> {
  let filtered = db.selectFrom('listings as l').innerJoin('profiles as p', 'p.user_id', 'l.seller_id');
  if (input.status) filtered = filtered.where('l.status', '=', input.status);
  if (input.reviewStatus) filtered = filtered.where('l.review_status', '=', input.reviewStatus);
  if (input.search) filtered = filtered.where('l.title', 'ilike', containsPattern(input.search));

  return adminPage(
    input,
    filtered,
    (listings) =>
      listings
        .select([
          'l.id',
          'l.title',
          'l.category',
          'l.price_cents',
          'l.quantity',
          'l.images',
          'l.status',
          'l.review_status',
          'l.is_anonymous',
          'l.created_at',
          'l.seller_id',
          'p.nickname',
          sql<number>`(SELECT count(*)::int FROM orders o WHERE o.listing_id = l.id)`.as('order_count'),
        ])
        .orderBy(input.sort === 'price' ? 'l.price_cents' : 'l.created_at', input.direction)
        .orderBy('l.id', input.direction),
    (row) => ({
      id: row.id,
      title: row.title,
      category: row.category,
      priceCents: row.price_cents,
      quantity: row.quantity,
      coverUrl: row.images[0] ? uploadUrl(row.images[0]) : null,
      status: ZListingStatus.parse(row.status),
      reviewStatus: ZAdminListingReviewStatus.parse(row.review_status),
      isAnonymous: row.is_anonymous,
      seller: { id: row.seller_id, nickname: row.nickname },
      orderCount: Number(row.order_count),
      createdAt: row.created_at,
    }),
  );
}
