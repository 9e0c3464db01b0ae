import type { z } from 'zod';
import type { ZRecordListingViewInput, ZRecordListingViewResult } from '@curio/shared';
import { DomainError } from '../domain-error.ts';
import { runInTransaction } from '../../db/transaction.ts';
import type { AppServices } from '../../app-services.ts';

/**
 * One view per viewer: a member counts once ever, a visitor once per browser session (the
 * client keeps a random key in sessionStorage). The count rises only when the view row is new,
 * so reloads and racing tabs never inflate it. Owners looking at their own listing do not count.
 */
export async function recordListingView(
  services: AppServices,
  viewerId: string | null,
  input: z.output<typeof ZRecordListingViewInput>,
): Promise<z.output<typeof ZRecordListingViewResult>> {
  const memberId = viewerId;
  if (!memberId && !input.visitorKey) throw new DomainError('VALIDATION_FAILED', { field: 'visitorKey' });
  // the prefix keeps a visitor key from ever matching a member id
  const viewerKey = memberId ?? `visitor:${input.visitorKey}`;

  return runInTransaction(services.db, async (trx) => {
    const listing = await trx.selectFrom('listings').select(['seller_id', 'view_count']).where('id', '=', input.id).executeTakeFirst();
    if (!listing) throw new DomainError('LISTING_NOT_FOUND');
    if (listing.seller_id === memberId) return { counted: false, viewCount: listing.view_count };

    const inserted = await trx
      .insertInto('listing_views')
      .values({ listing_id: input.id, viewer_key: viewerKey, viewer_id: memberId })
      .onConflict((oc) => oc.columns(['listing_id', 'viewer_key']).doNothing())
      .returning('listing_id')
      .executeTakeFirst();
    if (!inserted) return { counted: false, viewCount: listing.view_count };

    const updated = await trx
      .updateTable('listings')
      .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
      .where('id', '=', input.id)
      .returning('view_count')
      .executeTakeFirstOrThrow();
    return { counted: true, viewCount: updated.view_count };
  });
}
