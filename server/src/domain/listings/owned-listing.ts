import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { DomainError } from '../domain-error.ts';

/**
 * The listing row locked for a change by its owner: LISTING_NOT_FOUND when there is none,
 * LISTING_EDIT_FORBIDDEN when someone else owns it (rule L-10: sellers edit and delete only
 * their own listings).
 */
export async function lockOwnedListing(trx: Kysely<Database>, listingId: string, userId: string) {
  const listing = await trx
    .selectFrom('listings')
    .select(['id', 'seller_id', 'images', 'review_status'])
    .where('id', '=', listingId)
    .forUpdate()
    .executeTakeFirst();
  if (!listing) throw new DomainError('LISTING_NOT_FOUND');
  if (listing.seller_id !== userId) throw new DomainError('LISTING_EDIT_FORBIDDEN');
  return listing;
}
