import { sql } from 'kysely';
import { ZAdminListingsInput, ZAdminListingsPage, ZAdminListingReviewStatus, ZListingStatus, uploadUrl } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { containsPattern, countRows, pageWindow } from '../paging.ts';

/**
 * Spec 3 §2.4: every listing, whatever its status, review status or anonymity, newest first;
 * filters by status and review status, search in the title.
 */
export const list = adminProcedure
  .input(ZAdminListingsInput)
  .output(ZAdminListingsPage)
  .query(async ({ ctx, input }) => {
    const { db } = ctx.services;
    let filtered = db.selectFrom('listings as l').innerJoin('profiles as p', 'p.user_id', 'l.seller_id');
    if (input.status) filtered = filtered.where('l.status', '=', input.status);
    if (input.reviewStatus) filtered = filtered.where('l.review_status', '=', input.reviewStatus);
    if (input.search) filtered = filtered.where('l.title', 'ilike', containsPattern(input.search));

    const { limit, offset } = pageWindow(input);
    const [rows, total] = await Promise.all([
      filtered
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
        .orderBy('l.created_at', 'desc')
        .orderBy('l.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      countRows(filtered),
    ]);
    return {
      total,
      items: rows.map((row) => ({
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
      })),
    };
  });
