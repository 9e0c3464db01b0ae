import { sql } from 'kysely';
import { z } from 'zod';
import type { ZListingDetail, ZListingIdInput } from '@curio/shared';
import { ZListingCategory, ZListingStatus, ZListingUnit, LISTING_REVIEW_STATUSES, uploadUrl } from '@curio/shared';
import { DomainError } from '../domain-error.ts';
import type { AuthUser } from '../accounts/sessions.ts';
import { memberNotBanned } from '../accounts/active-bans.ts';
import type { AppServices } from '../../app-services.ts';

const ZReviewStatus = z.enum(LISTING_REVIEW_STATUSES);

/**
 * /listing/:id for visitors and members. The buyer never shows; an anonymous listing shows no
 * seller except to its owner. A listing taken down (unavailable) is visible to its owner and
 * admins only, so a takedown really takes it off the site.
 */
export async function getListing(
  services: AppServices,
  viewer: AuthUser | null,
  input: z.output<typeof ZListingIdInput>,
): Promise<z.output<typeof ZListingDetail>> {
  const { db } = services;
  const viewerId = viewer?.id ?? null;
  const row = await db
    .selectFrom('listings')
    .innerJoin('profiles', 'profiles.user_id', 'listings.seller_id')
    .select([
      'listings.id',
      'listings.seller_id',
      'listings.title',
      'listings.description',
      'listings.category',
      'listings.unit',
      'listings.quantity',
      'listings.price_cents',
      'listings.original_price_cents',
      'listings.warranty_days',
      'listings.tags',
      'listings.images',
      'listings.status',
      'listings.review_status',
      'listings.is_anonymous',
      'listings.view_count',
      'listings.likes_count',
      'listings.favorites_count',
      'listings.purchase_count',
      'listings.sold_at',
      'listings.created_at',
      'listings.updated_at',
      'profiles.nickname',
      'profiles.avatar_key',
      'profiles.credit_score',
      'profiles.sold_count',
      'profiles.created_at as seller_since',
      sql<boolean>`NOT ${memberNotBanned('listings.seller_id')}`.as('seller_suspended'),
    ])
    .where('listings.id', '=', input.id)
    .executeTakeFirst();
  const isOwner = row !== undefined && row.seller_id === viewerId;
  if (!row || (row.status === 'unavailable' && !isOwner && !viewer?.isAdmin)) {
    throw new DomainError('LISTING_NOT_FOUND');
  }

  const [liked, favorited, following] = viewerId
    ? await Promise.all([
        db.selectFrom('listing_likes').select('user_id').where('user_id', '=', viewerId).where('listing_id', '=', row.id).executeTakeFirst(),
        db.selectFrom('user_favorites').select('user_id').where('user_id', '=', viewerId).where('listing_id', '=', row.id).executeTakeFirst(),
        row.is_anonymous
          ? undefined
          : db
              .selectFrom('user_follows')
              .select('follower_id')
              .where('follower_id', '=', viewerId)
              .where('following_id', '=', row.seller_id)
              .executeTakeFirst(),
      ])
    : [undefined, undefined, undefined];

  const showSeller = !row.is_anonymous || isOwner;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: ZListingCategory.parse(row.category),
    unit: ZListingUnit.parse(row.unit),
    quantity: row.quantity,
    priceCents: row.price_cents,
    originalPriceCents: row.original_price_cents,
    warrantyDays: row.warranty_days,
    tags: row.tags,
    images: row.images.map((key) => ({ key, url: uploadUrl(key) })),
    status: ZListingStatus.parse(row.status),
    reviewStatus: isOwner ? ZReviewStatus.parse(row.review_status) : null,
    isAnonymous: row.is_anonymous,
    viewCount: row.view_count,
    likesCount: row.likes_count,
    favoritesCount: row.favorites_count,
    purchaseCount: row.purchase_count,
    soldAt: row.sold_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    seller: showSeller
      ? {
          id: row.seller_id,
          nickname: row.nickname,
          avatarUrl: row.avatar_key ? uploadUrl(row.avatar_key) : null,
          creditScore: row.credit_score,
          soldCount: row.sold_count,
          createdAt: row.seller_since,
        }
      : null,
    sellerSuspended: row.seller_suspended,
    viewer: {
      isOwner,
      liked: liked !== undefined,
      favorited: favorited !== undefined,
      followingSeller: following !== undefined,
    },
  };
}
