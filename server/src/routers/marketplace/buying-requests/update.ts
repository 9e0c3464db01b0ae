import { ZBuyingRequestDetail, ZUpdateBuyingRequestInput } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { runInTransaction } from '../../../db/transaction.ts';
import { assertNoContactDetails } from '../../../domain/moderation/contact-check.ts';
import { assertOwnUploads } from '../../../domain/uploads/own-uploads.ts';
import { deleteUnreferencedUploads } from '../../../domain/uploads/delete-unreferenced.ts';
import { lockOwnedRequest } from '../../../domain/buying-requests/owned-request.ts';
import { assertRequestTakesOffers } from '../../../domain/buying-requests/status.ts';
import { loadBuyingRequestDetail } from '../../../domain/buying-requests/read.ts';
import { storageFor } from '../../../storage/storage-for.ts';
import { requestColumns } from '../../../domain/buying-requests/request-columns.ts';

/**
 * /edit-buying-request/:id: the owner replaces title, description, category, images, tags and
 * budget while the request is still active (ADR 0009); a settled request is history.
 */
export const update = memberProcedure
  .input(ZUpdateBuyingRequestInput)
  .output(ZBuyingRequestDetail)
  .mutation(async ({ ctx, input }) => {
    const storage = storageFor(ctx.services);
    const now = ctx.services.clock.now();
    const removedImages = await runInTransaction(ctx.services.db, async (trx) => {
      const request = await lockOwnedRequest(trx, input.id, ctx.user.id);
      assertRequestTakesOffers(request, now);
      assertNoContactDetails({ title: input.title, description: input.description });
      const before = await trx.selectFrom('buying_requests').select('images').where('id', '=', input.id).executeTakeFirstOrThrow();
      await assertOwnUploads(trx, storage, {
        userId: ctx.user.id,
        keys: input.images,
        alreadyAttached: before.images,
        error: 'VALIDATION_FAILED',
        params: { field: 'images' },
      });
      await trx
        .updateTable('buying_requests')
        .set({
          ...requestColumns(input),
        })
        .where('id', '=', input.id)
        .execute();
      return before.images.filter((key) => !input.images.includes(key));
    });
    await deleteUnreferencedUploads(ctx.services.db, storage, removedImages);
    return loadBuyingRequestDetail(ctx.services.db, input.id, ctx.user.id, now);
  });
