import { ZListingCreated, ZUpdateListingInput } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { runInTransaction } from '../../../db/transaction.ts';
import { assertNoContactDetails } from '../../../domain/moderation/contact-check.ts';
import { assertOwnUploads } from '../../../domain/uploads/own-uploads.ts';
import { deleteUnreferencedUploads } from '../../../domain/uploads/delete-unreferenced.ts';
import { lockOwnedListing } from '../../../domain/listings/owned-listing.ts';
import { listingColumns } from '../../../domain/listings/listing-columns.ts';
import { storageFor } from '../../../storage/storage-for.ts';

/**
 * /edit-listing/:id: the owner rewrites the publish fields. Changed content goes back to
 * pending review unless an admin already rejected it (ADR 0008). Images no longer used are
 * removed from storage once the change is committed.
 */
export const update = memberProcedure
  .input(ZUpdateListingInput)
  .output(ZListingCreated)
  .mutation(async ({ ctx, input }) => {
    const { id, ...fields } = input;
    assertNoContactDetails({ title: fields.title, description: fields.description });
    const storage = storageFor(ctx.services);

    const removedImages = await runInTransaction(ctx.services.db, async (trx) => {
      const listing = await lockOwnedListing(trx, id, ctx.user.id);
      await assertOwnUploads(trx, storage, { userId: ctx.user.id, keys: fields.images, alreadyAttached: listing.images, error: 'LISTING_IMAGE_MISSING' });
      await trx
        .updateTable('listings')
        .set({
          ...listingColumns(fields),
          review_status: listing.review_status === 'rejected' ? 'rejected' : 'pending',
          updated_at: ctx.services.clock.now(),
        })
        .where('id', '=', id)
        .execute();
      return listing.images.filter((key) => !fields.images.includes(key));
    });

    await deleteUnreferencedUploads(ctx.services.db, storage, removedImages);
    return { id };
  });
