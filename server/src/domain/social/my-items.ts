import { ZListingCategory, type TBuyingRequestCard, type TListingCard, type TMySocialItems } from '@curio/shared';
import type { AppServices } from '../../app-services.ts';
import { effectiveRequestStatus } from '../buying-requests/status.ts';
import { LISTING_CARD_COLUMNS, toListingCard } from '../listings/listing-card.ts';
import type { ItemRelation } from './toggle.ts';

// the like and favourite tables of a kind have identical columns, so one typed query serves both
const LISTING_TABLE: Record<ItemRelation, 'listing_likes'> = {
  like: 'listing_likes',
  favorite: 'user_favorites' as 'listing_likes',
};
const REQUEST_TABLE: Record<ItemRelation, 'buying_request_likes'> = {
  like: 'buying_request_likes',
  favorite: 'buying_request_favorites' as 'buying_request_likes',
};

/** How many of each a profile tab lists; enough for a collection, bounded for one response. */
export const MY_ITEMS_LIMIT = 200;

/**
 * The listings and buying requests a user liked or favourited, most recent first, as cards.
 * Items the user can no longer reach stay listed with their status (a sold listing shows its
 * overlay, a taken-down one is marked unavailable) so they can still be taken back. A
 * taken-down listing of someone else's loses its cover: its page is gone for them, and a
 * takedown is often about the picture (ADR 0035). A buying request carries the status its reader
 * sees (expired once past its time), so an ended one offers no make-offer action.
 */
export async function loadMySocialItems(services: AppServices, relation: ItemRelation, userId: string): Promise<TMySocialItems> {
  const { db } = services;
  const now = services.clock.now();
  const listingRows = await db
    .selectFrom(`${LISTING_TABLE[relation]} as r`)
    .innerJoin('listings', 'listings.id', 'r.listing_id')
    .leftJoin('profiles', 'profiles.user_id', 'listings.seller_id')
    .select(LISTING_CARD_COLUMNS)
    .where('r.user_id', '=', userId)
    .orderBy('r.created_at', 'desc')
    .orderBy('listings.id', 'desc')
    .limit(MY_ITEMS_LIMIT)
    .execute();

  const requestRows = await db
    .selectFrom(`${REQUEST_TABLE[relation]} as r`)
    .innerJoin('buying_requests', 'buying_requests.id', 'r.request_id')
    .leftJoin('profiles', 'profiles.user_id', 'buying_requests.user_id')
    .select([
      'buying_requests.likes_count',
      'buying_requests.favorites_count',
      'buying_requests.offer_count',
      'profiles.nickname',
      'buying_requests.user_id',
      'buying_requests.id',
      'buying_requests.title',
      'buying_requests.budget_min_cents',
      'buying_requests.budget_max_cents',
      'buying_requests.active_offers_count',
      'buying_requests.max_offers_allowed',
      'buying_requests.category',
      'buying_requests.created_at',
      'buying_requests.status',
      'buying_requests.expires_at',
    ])
    .where('r.user_id', '=', userId)
    .orderBy('r.created_at', 'desc')
    .orderBy('buying_requests.id', 'desc')
    .limit(MY_ITEMS_LIMIT)
    .execute();

  const listings: TListingCard[] = listingRows.map((row) => {
    const card = toListingCard(row);
    return row.status === 'unavailable' && row.seller_id !== userId ? { ...card, coverUrl: null } : card;
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
    offerCount: row.offer_count,
    likesCount: row.likes_count,
    favoritesCount: row.favorites_count,
    requesterNickname: row.nickname,
    requesterId: row.user_id,
    status: effectiveRequestStatus(row, now),
  }));
  return { listings, buyingRequests };
}
