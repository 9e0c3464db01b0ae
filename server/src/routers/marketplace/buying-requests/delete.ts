import { z } from 'zod';
import { ZBuyingRequestIdInput } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { runInTransaction } from '../../../db/transaction.ts';
import { deleteUnreferencedUploads } from '../../../domain/uploads/delete-unreferenced.ts';
import { lockOwnedRequest } from '../../../domain/buying-requests/owned-request.ts';
import { storageFor } from '../../../storage/storage-for.ts';

/** The owner deletes a request in any status; its offers and their rounds go with it, then its images. */
export const deleteRequest = memberProcedure
  .input(ZBuyingRequestIdInput)
  .output(z.object({ deleted: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    const images = await runInTransaction(ctx.services.db, async (trx) => {
      await lockOwnedRequest(trx, input.id, ctx.user.id);
      const row = await trx.deleteFrom('buying_requests').where('id', '=', input.id).returning('images').executeTakeFirstOrThrow();
      return row.images;
    });
    await deleteUnreferencedUploads(ctx.services.db, storageFor(ctx.services), images);
    return { deleted: true as const };
  });
