import {
  ZMarketplaceLatest,
  ZMarketplaceLatestInput,
  ZListingCategory,
  ZListingStatus,
  uploadUrl,
  type TBuyingRequestCard,
  type TListingCard,
} from '@curio/shared';
import { publicProcedure } from '../../trpc/init.ts';

/**
 * The newest available listings and open buying requests for the home page, until the
 * searchable feed replaces it. Public: visitors browse the feed (spec 1 §6).
 */
export const latest = publicProcedure
  .input(ZMarketplaceLatestInput)
  .output(ZMarketplaceLatest)
  .query(async ({ ctx, input }) => {
    const { db, clock } = ctx.services;
    const now = clock.now();

    const listingRows = await db
      .selectFrom('listings')
      .leftJoin('profiles', 'profiles.user_id', 'listings.seller_id')
      .select([
        'listings.id',
        'listings.title',
        'listings.price_cents',
        'listings.original_price_cents',
        'listings.images',
        'listings.category',
        'listings.likes_count',
        'listings.favorites_count',
        'listings.status',
        'listings.is_anonymous',
        'listings.created_at',
        'profiles.nickname',
      ])
      .where('listings.status', '=', 'available')
      .orderBy('listings.created_at', 'desc')
      .orderBy('listings.id', 'desc')
      .limit(input.limit)
      .execute();

    const requestRows = await db
      .selectFrom('buying_requests')
      .select([
        'id',
        'title',
        'budget_min_cents',
        'budget_max_cents',
        'active_offers_count',
        'max_offers_allowed',
        'category',
        'created_at',
      ])
      .where('status', '=', 'open')
      // the sweeper expires requests hourly; one past its time is not shown meanwhile
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(input.limit)
      .execute();

    const listings: TListingCard[] = listingRows.map((row) => {
      const cover = row.images[0];
      return {
        id: row.id,
        title: row.title,
        priceCents: row.price_cents,
        originalPriceCents: row.original_price_cents,
        coverUrl: cover ? uploadUrl(cover) : null,
        category: ZListingCategory.parse(row.category),
        likesCount: row.likes_count,
        favoritesCount: row.favorites_count,
        status: ZListingStatus.parse(row.status),
        sellerNickname: row.is_anonymous ? null : (row.nickname ?? null),
        createdAt: row.created_at,
      };
    });
    const buyingRequests: TBuyingRequestCard[] = requestRows.map((row) => ({
      id: row.id,
      title: row.title,
      budgetMinCents: row.budget_min_cents,
      budgetMaxCents: row.budget_max_cents,
      activeOffersCount: row.active_offers_count,
      maxOffersAllowed: row.max_offers_allowed,
      category: row.category === null ? null : ZListingCategory.parse(row.category),
      createdAt: row.created_at,
    }));
    return { listings, buyingRequests };
  });
