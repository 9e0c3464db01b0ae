import { ZAdminComplaintResolveInput, ZAdminComplaintResolveResult } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { DomainError } from '../../../domain/domain-error.ts';
import { runInTransaction } from '../../../db/transaction.ts';
import { recordAdminAction } from '../../../domain/admin/audit.ts';
import { notify } from '../../../domain/notifications/notify.ts';

/**
 * Spec 3 §2.11: resolve a pending complaint with a response (RESPONSE_REQUIRED when empty).
 * The guarded UPDATE resolves it once: a second click or a second admin gets
 * REQUEST_ALREADY_PROCESSED and writes nothing. The reporter is notified with the response
 * and, for an order or a listing, a link to it (the order page also lists the response).
 */
export const resolve = adminProcedure
  .input(ZAdminComplaintResolveInput)
  .output(ZAdminComplaintResolveResult)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.services.clock.now();
    return runInTransaction(ctx.services.db, async (trx) => {
      const before = await trx
        .selectFrom('complaints')
        .select(['status', 'type', 'reporter_id', 'target_user_id', 'order_id', 'listing_id', 'buying_request_id'])
        .where('id', '=', input.complaintId)
        .executeTakeFirst();
      if (!before) throw new DomainError('NOT_FOUND');
      const resolved = await trx
        .updateTable('complaints')
        .set({ status: 'resolved', admin_response: input.response, resolved_by: ctx.user.id, resolved_at: now })
        .where('id', '=', input.complaintId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (resolved.numUpdatedRows === 0n) throw new DomainError('REQUEST_ALREADY_PROCESSED');
      await recordAdminAction(trx, {
        adminId: ctx.user.id,
        action: 'complaint.resolve',
        targetType: 'complaint',
        targetId: input.complaintId,
        before: { status: 'pending', type: before.type, reporter_id: before.reporter_id, target_user_id: before.target_user_id, order_id: before.order_id },
        after: { status: 'resolved', admin_response: input.response },
        reason: input.response,
      });
      const link = before.order_id
        ? `/orders/${before.order_id}`
        : before.listing_id
          ? `/listing/${before.listing_id}`
          : before.buying_request_id
            ? `/buying-requests/${before.buying_request_id}`
            : null;
      await notify(trx, { userId: before.reporter_id, type: 'complaint_resolved', params: { notes: input.response }, link: link ?? undefined });
      return { complaintId: input.complaintId, status: 'resolved' as const };
    });
  });
