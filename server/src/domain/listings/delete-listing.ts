import type { z } from 'zod';
import type { ZListingIdInput } from '@curio/shared';
import { runInTransaction } from '../../db/transaction.ts';
import { deleteUnreferencedUploads } from '../uploads/delete-unreferenced.ts';
import { lockOwnedListing } from './owned-listing.ts';
import { storageFor } from '../../storage/storage-for.ts';
import type { AppServices } from '../../app-services.ts';

/** The owner deletes a listing (confirmed in the client); its images leave storage after the commit. */
export async function deleteListing(services: AppServices, memberId: string, input: z.output<typeof ZListingIdInput>) {
  const images = await runInTransaction(services.db, async (trx) => {
    const listing = await lockOwnedListing(trx, input.id, memberId);
    await trx.deleteFrom('listings').where('id', '=', input.id).execute();
    return listing.images;
  });
  await deleteUnreferencedUploads(services.db, storageFor(services), images);
  return { ok: true as const };
}
