import type { z } from 'zod';
import type { ZListingsBySellerInput, ZListingsBySellerPage } from '@curio/shared';
import { LISTINGS_BY_SELLER_PAGE_SIZE } from '@curio/shared';
import { DomainError } from '../domain-error.ts';
import { selectListingCardColumns, toListingCard } from './listing-card.ts';
import type { AppServices } from '../../app-services.ts';

interface Cursor {
  createdAt: Date;
  id: string;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.createdAt.toISOString()}|${cursor.id}`).toString('base64url');
}

function decodeCursor(text: string): Cursor {
  const [iso, id] = Buffer.from(text, 'base64url').toString().split('|');
  const createdAt = new Date(iso ?? '');
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(createdAt.getTime())) throw new DomainError('VALIDATION_FAILED', { field: 'cursor' });
  return { createdAt, id };
}

/**
 * What others see of a member's listings on their profile (and what the profile counts): on
 * sale or sold, so a sold one shows its sold-out overlay (ADR 0035); not taken down and not
 * rejected (ADR 0008); never the anonymous ones, which would otherwise be tied to their seller.
 */
export const LISTINGS_SHOWN_ON_PROFILE = {
  statuses: ['available', 'sold'],
  reviewStatuses: ['pending', 'reviewing', 'approved'],
} as const;

/**
 * A member's listings for the profile tabs, newest first, keyset-paged. The owner sees every
 * listing of theirs; others see LISTINGS_SHOWN_ON_PROFILE.
 */
export async function listingsBySeller(
  services: AppServices,
  viewerId: string | null,
  input: z.output<typeof ZListingsBySellerInput>,
): Promise<z.output<typeof ZListingsBySellerPage>> {
  const isOwner = viewerId === input.userId;
  let query = selectListingCardColumns(services.db.selectFrom('listings').leftJoin('profiles', 'profiles.user_id', 'listings.seller_id')).where(
    'listings.seller_id',
    '=',
    input.userId,
  );
  if (!isOwner) {
    query = query
      .where('listings.status', 'in', LISTINGS_SHOWN_ON_PROFILE.statuses)
      .where('listings.review_status', 'in', LISTINGS_SHOWN_ON_PROFILE.reviewStatuses)
      .where('listings.is_anonymous', '=', false);
  }
  if (input.cursor) {
    const after = decodeCursor(input.cursor);
    query = query.where((eb) =>
      eb.or([eb('listings.created_at', '<', after.createdAt), eb.and([eb('listings.created_at', '=', after.createdAt), eb('listings.id', '<', after.id)])]),
    );
  }
  const rows = await query
    .orderBy('listings.created_at', 'desc')
    .orderBy('listings.id', 'desc')
    .limit(LISTINGS_BY_SELLER_PAGE_SIZE + 1)
    .execute();
  const page = rows.slice(0, LISTINGS_BY_SELLER_PAGE_SIZE);
  const last = page.at(-1);
  const nextCursor = rows.length > LISTINGS_BY_SELLER_PAGE_SIZE && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null;
  return { items: page.map(toListingCard), nextCursor };
}
