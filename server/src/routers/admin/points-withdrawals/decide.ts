import { ZAdminPointsWithdrawalDecisionInput, ZAdminPointsWithdrawalDecisionResult } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { decidePointsRedemptionAsAdmin } from '../../../domain/points/resolve-points-redemption.ts';

/** Approve a points redemption (the held points leave) or reject it with notes (they return). */
function decide(decision: 'approve' | 'reject') {
  return adminProcedure
    .input(ZAdminPointsWithdrawalDecisionInput)
    .output(ZAdminPointsWithdrawalDecisionResult)
    .mutation(async ({ ctx, input }) => {
      const { redemption } = await decidePointsRedemptionAsAdmin(ctx.services, { adminId: ctx.user.id, decision, ...input });
      return { id: redemption.id, status: redemption.status };
    });
}

export const approve = decide('approve');
export const reject = decide('reject');
