import { z } from 'zod';
import { ZListingIdInput } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { runInTransaction } from '../../../db/transaction.ts';
import { deleteUnreferencedUploads } from '../../../domain/uploads/delete-unreferenced.ts';
import { lockOwnedListing } from '../../../domain/listings/owned-listing.ts';
import { storageFor } from '../../../storage/storage-for.ts';

/** The owner deletes a listing (confirmed in the client); its images leave storage after the commit. */
export const remove = memberProcedure
  .input(ZListingIdInput)
  .output(z.object({ ok: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    const images = await runInTransaction(ctx.services.db, async (trx) => {
      const listing = await lockOwnedListing(trx, input.id, ctx.user.id);
      await trx.deleteFrom('listings').where('id', '=', input.id).execute();
      return listing.images;
    });
    await deleteUnreferencedUploads(ctx.services.db, storageFor(ctx.services), images);
    return { ok: true as const };
  });
