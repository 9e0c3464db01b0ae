import { z } from 'zod';
import { ZAdminRefundDecisionInput } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { DomainError } from '../../../domain/domain-error.ts';
import { runInTransaction } from '../../../db/transaction.ts';
import { publishBalanceChanges } from '../../../domain/ledger/index.ts';
import { approveRefund, rejectRefund } from '../../../domain/orders/resolve-refund.ts';
import { recordAdminAction } from '../../../domain/admin/audit.ts';

const ZDecisionResult = z.object({ orderId: z.uuid(), status: z.enum(['approved', 'rejected']) });

/**
 * Spec 3 §2.11: approve a refund (escrow back to the buyer, order refunded) or reject it with
 * notes (order back to where it was). The refund's guarded status change makes a double click
 * or two admins at once act once; the loser's transaction, audit entry included, rolls back.
 */
function decide(decision: 'approved' | 'rejected') {
  return adminProcedure
    .input(ZAdminRefundDecisionInput)
    .output(ZDecisionResult)
    .mutation(async ({ ctx, input }) => {
      // spec 3 §2.11 "reject with notes": the buyer is told why (REJECTION_REASON_REQUIRED)
      if (decision === 'rejected' && !input.notes) throw new DomainError('REJECTION_REASON_REQUIRED');
      const now = ctx.services.clock.now();
      const outcome = await runInTransaction(ctx.services.db, async (trx) => {
        const before = await trx
          .selectFrom('refunds')
          .innerJoin('orders', 'orders.id', 'refunds.order_id')
          .select(['refunds.status as refund_status', 'orders.status as order_status', 'refunds.amount_cents'])
          .where('refunds.id', '=', input.refundId)
          .executeTakeFirst();
        const request = { refundId: input.refundId, adminId: ctx.user.id, notes: input.notes, now };
        const result = decision === 'approved' ? await approveRefund(trx, request) : await rejectRefund(trx, request);
        const after = await trx.selectFrom('orders').select('status').where('id', '=', result.orderId).executeTakeFirstOrThrow();
        await recordAdminAction(trx, {
          adminId: ctx.user.id,
          action: decision === 'approved' ? 'refund.approve' : 'refund.reject',
          targetType: 'refund',
          targetId: input.refundId,
          before,
          after: { refund_status: decision, order_status: after.status },
          reason: input.notes,
        });
        return result;
      });
      await publishBalanceChanges(ctx.services.events, outcome.affectedUserIds);
      return { orderId: outcome.orderId, status: decision };
    });
}

export const approve = decide('approved');
export const reject = decide('rejected');
