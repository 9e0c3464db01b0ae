import { z } from 'zod';
import { ZAdminRefundDecisionInput } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { decideRefundAsAdmin } from '../../../domain/orders/resolve-refund.ts';

const ZDecisionResult = z.object({ orderId: z.uuid(), status: z.enum(['approved', 'rejected']) });

/** Approve a refund (escrow back to the buyer) or reject it with notes. */
function decide(decision: 'approved' | 'rejected') {
  return adminProcedure
    .input(ZAdminRefundDecisionInput)
    .output(ZDecisionResult)
    .mutation(async ({ ctx, input }) => {
      const outcome = await decideRefundAsAdmin(ctx.services, { adminId: ctx.user.id, decision, ...input });
      return { orderId: outcome.orderId, status: decision };
    });
}

export const approve = decide('approved');
export const reject = decide('rejected');
