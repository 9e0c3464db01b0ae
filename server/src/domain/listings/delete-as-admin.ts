import type { z } from 'zod';
import type { ZAdminListingActionInput, ZAdminListingDeleted } from '@curio/shared';
import { DomainError } from '../domain-error.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { recordAdminAction } from '../admin/audit.ts';
import { deleteUnreferencedUploads } from '../uploads/delete-unreferenced.ts';
import { storageFor } from '../../storage/storage-for.ts';
import type { AppServices } from '../../app-services.ts';

/**
 * The admin delete of rule AD-13 (confirmed in the client). The row really goes: orders reference listings
 * ON DELETE SET NULL and carry their own snapshot (title, unit price, quantity, total, cover
 * image key), so order history, refunds, complaints and reviews survive with their own data;
 * likes, favourites, views and comments of the listing go with it (ON DELETE CASCADE). The
 * listing's image files leave storage after the commit unless something still points at them
 * (an order's cover snapshot, another listing), see deleteUnreferencedUploads.
 */
export async function deleteListingAsAdmin(
  services: AppServices,
  memberId: string,
  input: z.output<typeof ZAdminListingActionInput>,
): Promise<z.output<typeof ZAdminListingDeleted>> {
  const images = await runInTransaction(services.db, async (trx) => {
    const row = await trx
      .deleteFrom('listings')
      .where('id', '=', input.listingId)
      .returning(['title', 'seller_id', 'status', 'review_status', 'images', 'price_cents', 'is_anonymous'])
      .executeTakeFirst();
    // a second click, or another admin first: the row is already gone
    if (!row) throw new DomainError('LISTING_NOT_FOUND');
    await recordAdminAction(trx, {
      adminId: memberId,
      action: 'listing.delete',
      targetType: 'listing',
      targetId: input.listingId,
      before: row,
      after: null,
      reason: input.note,
    });
    return row.images;
  });
  await deleteUnreferencedUploads(services.db, storageFor(services), images);
  return { listingId: input.listingId, deleted: true as const };
}
