import type { z } from 'zod';
import type { ZListingCreated, ZUpdateListingInput } from '@curio/shared';
import { runInTransaction } from '../../db/transaction.ts';
import { assertNoContactDetails } from '../moderation/contact-check.ts';
import { assertOwnUploads } from '../uploads/own-uploads.ts';
import { deleteUnreferencedUploads } from '../uploads/delete-unreferenced.ts';
import { lockOwnedListing } from './owned-listing.ts';
import { listingColumns } from './listing-columns.ts';
import { storageFor } from '../../storage/storage-for.ts';
import type { AppServices } from '../../app-services.ts';

/**
 * /edit-listing/:id: the owner rewrites the publish fields. Changed content goes back to
 * pending review unless an admin already rejected it (ADR 0008). Images no longer used are
 * removed from storage once the change is committed.
 */
export async function editListing(
  services: AppServices,
  memberId: string,
  input: z.output<typeof ZUpdateListingInput>,
): Promise<z.output<typeof ZListingCreated>> {
  const { id, ...fields } = input;
  assertNoContactDetails({ title: fields.title, description: fields.description });
  const storage = storageFor(services);

  const removedImages = await runInTransaction(services.db, async (trx) => {
    const listing = await lockOwnedListing(trx, id, memberId);
    await assertOwnUploads(trx, storage, { userId: memberId, keys: fields.images, alreadyAttached: listing.images, error: 'LISTING_IMAGE_MISSING' });
    await trx
      .updateTable('listings')
      .set({
        ...listingColumns(fields),
        review_status: listing.review_status === 'rejected' ? 'rejected' : 'pending',
        updated_at: services.clock.now(),
      })
      .where('id', '=', id)
      .execute();
    return listing.images.filter((key) => !fields.images.includes(key));
  });

  await deleteUnreferencedUploads(services.db, storage, removedImages);
  return { id };
}
