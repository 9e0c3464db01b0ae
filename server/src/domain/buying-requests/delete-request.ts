import type { z } from 'zod';
import type { ZBuyingRequestIdInput } from '@curio/shared';
import { runInTransaction } from '../../db/transaction.ts';
import { deleteUnreferencedUploads } from '../uploads/delete-unreferenced.ts';
import { lockOwnedRequest } from './owned-request.ts';
import { storageFor } from '../../storage/storage-for.ts';
import type { AppServices } from '../../app-services.ts';

/** The owner deletes a request in any status; its offers and their rounds go with it, then its images. */
export async function deleteBuyingRequest(services: AppServices, memberId: string, input: z.output<typeof ZBuyingRequestIdInput>) {
  const images = await runInTransaction(services.db, async (trx) => {
    await lockOwnedRequest(trx, input.id, memberId);
    const row = await trx.deleteFrom('buying_requests').where('id', '=', input.id).returning('images').executeTakeFirstOrThrow();
    return row.images;
  });
  await deleteUnreferencedUploads(services.db, storageFor(services), images);
  return { deleted: true as const };
}
