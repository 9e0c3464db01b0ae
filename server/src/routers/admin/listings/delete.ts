import { ZAdminListingActionInput, ZAdminListingDeleted } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { DomainError } from '../../../domain/domain-error.ts';
import { runInTransaction } from '../../../db/transaction.ts';
import { recordAdminAction } from '../../../domain/admin/audit.ts';
import { deleteUnreferencedUploads } from '../../../domain/uploads/delete-unreferenced.ts';
import { storageFor } from '../../../storage/storage-for.ts';

/**
 * Spec 3 §2.4 delete (confirmed in the client). The row really goes: orders reference listings
 * ON DELETE SET NULL and carry their own snapshot (title, unit price, quantity, total, cover
 * image key), so order history, refunds, complaints and reviews survive with their own data;
 * likes, favourites, views and comments of the listing go with it (ON DELETE CASCADE). The
 * listing's image files leave storage after the commit unless something still points at them
 * (an order's cover snapshot, another listing), see deleteUnreferencedUploads.
 */
export const remove = adminProcedure
  .input(ZAdminListingActionInput)
  .output(ZAdminListingDeleted)
  .mutation(async ({ ctx, input }) => {
    const images = await runInTransaction(ctx.services.db, async (trx) => {
      const row = await trx
        .deleteFrom('listings')
        .where('id', '=', input.listingId)
        .returning(['title', 'seller_id', 'status', 'review_status', 'images', 'price_cents', 'is_anonymous'])
        .executeTakeFirst();
      // a second click, or another admin first: the row is already gone
      if (!row) throw new DomainError('LISTING_NOT_FOUND');
      await recordAdminAction(trx, {
        adminId: ctx.user.id,
        action: 'listing.delete',
        targetType: 'listing',
        targetId: input.listingId,
        before: row,
        after: null,
        reason: input.note,
      });
      return row.images;
    });
    await deleteUnreferencedUploads(ctx.services.db, storageFor(ctx.services), images);
    return { listingId: input.listingId, deleted: true as const };
  });
