import type { z } from 'zod';
import type { ZOrderComplaintInput, ZOrderComplaintResult } from '@curio/shared';
import { DomainError } from '../domain-error.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { lockOrderForParty } from './lock-order.ts';
import { assertOwnUploads } from '../uploads/own-uploads.ts';
import { storageFor } from '../../storage/storage-for.ts';
import type { AppServices } from '../../app-services.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';

/**
 * Either party files a complaint about the order for an admin (rule O-13), unless it was
 * cancelled, and keeps at most one open: while theirs waits for an admin, another is
 * COMPLAINT_ALREADY_OPEN. The order's row lock makes two complaints at once queue, so the
 * second sees the first; a partial unique index is the backstop. The other party is the
 * defendant (target_user_id). Evidence images must have been uploaded, so the admin never opens
 * a complaint whose pictures do not exist.
 */
export async function fileOrderComplaint(
  services: AppServices,
  memberId: string,
  input: z.output<typeof ZOrderComplaintInput>,
): Promise<z.output<typeof ZOrderComplaintResult>> {
  const now = services.clock.now();
  await assertOwnUploads(services.db, storageFor(services), { userId: memberId, keys: input.evidenceImages, error: 'LISTING_IMAGE_MISSING' });
  try {
    return await runInTransaction(services.db, async (trx) => {
      const order = await lockOrderForParty(trx, { orderId: input.orderId, userId: memberId });
      if (order.status === 'cancelled') throw new DomainError('COMPLAINT_NOT_ALLOWED');
      const open = await trx
        .selectFrom('complaints')
        .select('id')
        .where('order_id', '=', order.id)
        .where('reporter_id', '=', memberId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (open) throw new DomainError('COMPLAINT_ALREADY_OPEN');
      const row = await trx
        .insertInto('complaints')
        .values({
          reporter_id: memberId,
          target_user_id: order.buyer_id === memberId ? order.seller_id : order.buyer_id,
          order_id: order.id,
          type: input.type,
          reason: input.reason,
          evidence_images: input.evidenceImages,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { complaintId: row.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('COMPLAINT_ALREADY_OPEN');
    throw error;
  }
}
