import type { z } from 'zod';
import { sql } from 'kysely';
import type { ZListingCardList, ZListingIdInput } from '@curio/shared';
import { LIMITS } from '@curio/shared';
import { DomainError } from '../domain-error.ts';
import { selectListingCardColumns, toListingCard } from './listing-card.ts';
import type { AppServices } from '../../app-services.ts';
import { memberNotBanned } from '../accounts/active-bans.ts';

/**
 * "You may like" (rule L-16): other available listings in the same category,
 * by the same seller, or priced within 70-130 % of this one; most liked, then most favourited,
 * then most bought; eight at most. For an anonymous listing "same seller" is left out: the
 * seller's other, named listings would give the seller away. A banned member's listings are not
 * recommended, as the feed leaves them out (rule F-2).
 */
export async function recommendListings(services: AppServices, input: z.output<typeof ZListingIdInput>): Promise<z.output<typeof ZListingCardList>> {
  const { db } = services;
  const listing = await db
    .selectFrom('listings')
    .select(['id', 'seller_id', 'category', 'price_cents', 'is_anonymous'])
    .where('id', '=', input.id)
    .executeTakeFirst();
  if (!listing) throw new DomainError('LISTING_NOT_FOUND');

  const rows = await selectListingCardColumns(db.selectFrom('listings').leftJoin('profiles', 'profiles.user_id', 'listings.seller_id'))
    .where('listings.status', '=', 'available')
    .where('listings.id', '<>', listing.id)
    .where(memberNotBanned('listings.seller_id'))
    .where((eb) =>
      eb.or([
        eb('listings.category', '=', listing.category),
        ...(listing.is_anonymous ? [] : [eb('listings.seller_id', '=', listing.seller_id)]),
        // whole-number comparison: price / this price between 0.7 and 1.3, without fractions
        eb.and([
          eb(sql<number>`listings.price_cents * 10`, '>=', listing.price_cents * 7),
          eb(sql<number>`listings.price_cents * 10`, '<=', listing.price_cents * 13),
        ]),
      ]),
    )
    .orderBy('listings.likes_count', 'desc')
    .orderBy('listings.favorites_count', 'desc')
    .orderBy('listings.purchase_count', 'desc')
    .orderBy('listings.created_at', 'desc')
    .orderBy('listings.id', 'desc')
    .limit(LIMITS.recommendations)
    .execute();
  return rows.map(toListingCard);
}
