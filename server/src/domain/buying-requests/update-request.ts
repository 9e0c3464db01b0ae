import type { z } from 'zod';
import type { ZBuyingRequestDetail, ZUpdateBuyingRequestInput } from '@curio/shared';
import { runInTransaction } from '../../db/transaction.ts';
import { assertNoContactDetails } from '../moderation/contact-check.ts';
import { assertOwnUploads } from '../uploads/own-uploads.ts';
import { deleteUnreferencedUploads } from '../uploads/delete-unreferenced.ts';
import { lockOwnedRequest } from './owned-request.ts';
import { assertRequestTakesOffers } from './status.ts';
import { loadBuyingRequestDetail } from './read.ts';
import { storageFor } from '../../storage/storage-for.ts';
import { requestColumns } from './request-columns.ts';
import type { AppServices } from '../../app-services.ts';

/**
 * /edit-buying-request/:id: the owner replaces title, description, category, images, tags and
 * budget while the request is still active (ADR 0009); a settled request is history.
 */
export async function updateBuyingRequest(
  services: AppServices,
  memberId: string,
  input: z.output<typeof ZUpdateBuyingRequestInput>,
): Promise<z.output<typeof ZBuyingRequestDetail>> {
  const storage = storageFor(services);
  const now = services.clock.now();
  const removedImages = await runInTransaction(services.db, async (trx) => {
    const request = await lockOwnedRequest(trx, input.id, memberId);
    assertRequestTakesOffers(request, now);
    assertNoContactDetails({ title: input.title, description: input.description });
    const before = await trx.selectFrom('buying_requests').select('images').where('id', '=', input.id).executeTakeFirstOrThrow();
    await assertOwnUploads(trx, storage, {
      userId: memberId,
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
  await deleteUnreferencedUploads(services.db, storage, removedImages);
  return loadBuyingRequestDetail(services.db, input.id, memberId, now);
}
