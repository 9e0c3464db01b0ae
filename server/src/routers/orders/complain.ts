import { ZOrderComplaintInput, ZOrderComplaintResult } from '@curio/shared';
import { limitedPerMember, memberProcedure } from '../../trpc/init.ts';
import { DomainError } from '../../domain/domain-error.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { lockOrderForParty } from '../../domain/orders/lock-order.ts';
import { assertOwnUploads } from '../../domain/uploads/own-uploads.ts';
import { storageFor } from '../../storage/storage-for.ts';

/**
 * Either party files a complaint about the order for an admin (spec 2 §2, §5), unless it was
 * cancelled. The other party is the defendant (target_user_id). Evidence images must have been
 * uploaded, so the admin never opens a complaint whose pictures do not exist.
 */
export const complain = memberProcedure
  .use(limitedPerMember('reportsPerMember'))
  .input(ZOrderComplaintInput)
  .output(ZOrderComplaintResult)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.services.clock.now();
    await assertOwnUploads(ctx.services.db, storageFor(ctx.services), { userId: ctx.user.id, keys: input.evidenceImages, error: 'LISTING_IMAGE_MISSING' });
    return runInTransaction(ctx.services.db, async (trx) => {
      const order = await lockOrderForParty(trx, { orderId: input.orderId, userId: ctx.user.id });
      if (order.status === 'cancelled') throw new DomainError('COMPLAINT_NOT_ALLOWED');
      const row = await trx
        .insertInto('complaints')
        .values({
          reporter_id: ctx.user.id,
          target_user_id: order.buyer_id === ctx.user.id ? order.seller_id : order.buyer_id,
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
  });
