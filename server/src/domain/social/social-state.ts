import type { z } from 'zod';
import type { ZSocialState, ZSocialStateInput } from '@curio/shared';
import { DomainError } from '../domain-error.ts';
import type { AppServices } from '../../app-services.ts';

/**
 * Whether the caller likes and favourites one item, with its counts, for detail pages that
 * render the buttons. Visitors get false/false (the buttons then ask them to sign in).
 */
export async function socialState(
  services: AppServices,
  viewerId: string | null,
  input: z.output<typeof ZSocialStateInput>,
): Promise<z.output<typeof ZSocialState>> {
  const { db } = services;
  const userId = viewerId;
  if (input.kind === 'listing') {
    const row = await db.selectFrom('listings').select(['likes_count', 'favorites_count']).where('id', '=', input.id).executeTakeFirst();
    if (!row) throw new DomainError('LISTING_NOT_FOUND');
    const liked = userId
      ? await db.selectFrom('listing_likes').select('user_id').where('user_id', '=', userId).where('listing_id', '=', input.id).executeTakeFirst()
      : undefined;
    const favorited = userId
      ? await db.selectFrom('user_favorites').select('user_id').where('user_id', '=', userId).where('listing_id', '=', input.id).executeTakeFirst()
      : undefined;
    return { liked: !!liked, favorited: !!favorited, likesCount: row.likes_count, favoritesCount: row.favorites_count };
  }
  const row = await db.selectFrom('buying_requests').select(['likes_count', 'favorites_count']).where('id', '=', input.id).executeTakeFirst();
  if (!row) throw new DomainError('BUYING_REQUEST_NOT_FOUND');
  const liked = userId
    ? await db.selectFrom('buying_request_likes').select('user_id').where('user_id', '=', userId).where('request_id', '=', input.id).executeTakeFirst()
    : undefined;
  const favorited = userId
    ? await db.selectFrom('buying_request_favorites').select('user_id').where('user_id', '=', userId).where('request_id', '=', input.id).executeTakeFirst()
    : undefined;
  return { liked: !!liked, favorited: !!favorited, likesCount: row.likes_count, favoritesCount: row.favorites_count };
}
